import { useQuery } from '@tanstack/react-query';
import { cameraRoutes } from '@rushes/shared/routes/camera';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Personal access tokens (account settings): the uploader's and the public API's. */
export const tokenKeys = { all: ['accessTokens'] as const };

export const useCreateToken = mutationHook(cameraRoutes.createToken);
export const useRevokeToken = mutationHook(cameraRoutes.revokeToken);

export function useAccessTokens() {
  return useQuery({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => call(cameraRoutes.tokens, undefined, { signal }),
  });
}
