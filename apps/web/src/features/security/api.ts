import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteDef, RouteOutput } from '@rushes/shared';
import { signinRoutes } from '@rushes/shared/routes/signin';
import { call, type CallInput } from '../../api/client.ts';
import { mutationHook, type MutationOptions } from '../../api/mutation.ts';
import { createPasskey } from '../auth/signinApi.ts';
import { withRecentAuth } from './recentAuth.ts';

/** The account's passkeys, authenticator app and recovery codes (account settings → Security). */
export const securityKey = ['account', 'security'] as const;

export function useSecurity() {
  return useQuery({
    queryKey: securityKey,
    queryFn: ({ signal }) => call(signinRoutes.security, undefined, { signal }),
  });
}

export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: securityKey });
}

/** The mutation hook of a change of how one signs in: "Confirm it's you" first when asked. */
function recentAuthHook<R extends RouteDef>(route: R) {
  return function useRecentAuthMutation(options: MutationOptions<R> = {}) {
    return useMutation<RouteOutput<R>, Error, CallInput<R>>({
      ...options,
      mutationFn: (input: CallInput<R>) =>
        withRecentAuth(() => (call as (r: R, i: CallInput<R>) => Promise<RouteOutput<R>>)(route, input)),
    });
  };
}

export const useRenamePasskey = mutationHook(signinRoutes.renamePasskey);
export const useRemovePasskey = recentAuthHook(signinRoutes.removePasskey);
export const useRemoveAuthenticator = recentAuthHook(signinRoutes.totpRemove);
export const useCreateRecoveryCodes = recentAuthHook(signinRoutes.createRecoveryCodes);

/** Registers a passkey: the server's options, the browser's dialog, the signed answer. */
export const addPasskey = (name?: string) =>
  withRecentAuth(async () => {
    const { challenge_id, options } = await call(signinRoutes.passkeyRegisterOptions, {});
    const response = await createPasskey(options);
    return call(signinRoutes.addPasskey, { challenge_id, response, ...(name && { name }) });
  });

export const setUpAuthenticator = () => withRecentAuth(() => call(signinRoutes.totpSetup, {}));
export const confirmAuthenticator = (code: string) =>
  withRecentAuth(() => call(signinRoutes.totpConfirm, { code }));
