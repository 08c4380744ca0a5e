import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { type RouteOutput } from '@rushes/shared';
import { accountRoutes } from '@rushes/shared/routes/auth';
import { call, type CallInput } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { withRecentAuth } from '../security/recentAuth.ts';

/** Account settings writes (the caller's own account). */
export const useChangePassword = mutationHook(accountRoutes.changePassword);

type SendCode = typeof accountRoutes.twoFactorSend;

/** E-mails a two-factor code; `wanted` is the state the switch asked for, kept for the code dialog. */
export function useSendTwoFactorCode(
  options: Omit<
    UseMutationOptions<RouteOutput<SendCode>, Error, { body: CallInput<SendCode>; wanted: boolean }>,
    'mutationFn'
  > = {},
) {
  return useMutation({
    ...options,
    // Turning two-factor off asks "Confirm it's you" first (the server says when).
    mutationFn: ({ body }: { body: CallInput<SendCode>; wanted: boolean }) =>
      withRecentAuth(() => call(accountRoutes.twoFactorSend, body)),
  });
}

export const sendTwoFactorCode = (body: CallInput<SendCode>) => call(accountRoutes.twoFactorSend, body);
export const verifyTwoFactor = (body: CallInput<typeof accountRoutes.twoFactorVerify>) =>
  withRecentAuth(() => call(accountRoutes.twoFactorVerify, body));
