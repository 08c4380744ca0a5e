import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PUBLIC_MSG, PUBLIC_UI } from '@rushes/shared';
import { authRoutes } from '@rushes/shared/routes/auth';
import { ApiError, call } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { PATHS } from '../../app/paths.ts';
import { AuthCard } from '../../ui/AuthCard.tsx';
import { RouterButton } from '../../ui/RouterLinks.tsx';

/** /verify?token=…: the link of the sign-up mail. */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  const verify = useQuery({
    queryKey: queryKeys.verifyEmail(token),
    queryFn: ({ signal }) => call(authRoutes.verify, { token }, { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });

  let body;
  if (!token) {
    body = <Alert color="red">{PUBLIC_MSG.invalidLink}</Alert>;
  } else if (verify.isPending) {
    body = (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{PUBLIC_UI.verifying}</Text>
      </Group>
    );
  } else if (verify.isError) {
    const message = verify.error instanceof ApiError ? verify.error.message : PUBLIC_MSG.somethingWentWrong;
    body = (
      <Alert color="red" role="alert">
        {message}
      </Alert>
    );
  } else {
    body = (
      <Alert color="green" role="status">
        {verify.data.message}
      </Alert>
    );
  }

  return (
    <AuthCard title={PUBLIC_UI.verifyTitle}>
      {body}
      <RouterButton to={PATHS.login} variant="light">
        {PUBLIC_UI.logIn}
      </RouterButton>
    </AuthCard>
  );
}
