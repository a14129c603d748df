import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TwoFactorBeginBody,
  TwoFactorConfirmBody,
  TwoFactorStepUpBody,
} from '#shared/api/account';
import { apiRequest } from '#web/lib/api-client.ts';
import { getAccountQueryOptions } from './get-account.ts';

/** A change to two-factor sign-in: the account's state is read again after it. */
function useTwoFactorMutation<In, Out>(send: (body: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountQueryOptions().queryKey }),
  });
}

export const useBeginTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorBeginBody) => apiRequest('beginTwoFactor', { body }));
export const useConfirmTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorConfirmBody) => apiRequest('confirmTwoFactor', { body }));
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorStepUpBody) => apiRequest('disableTwoFactor', { body }));
export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation((body: TwoFactorStepUpBody) =>
    apiRequest('regenerateRecoveryCodes', { body }),
  );
