import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailOnlyBody, ResetPasswordBody } from '#shared/api/verification';
import { apiRequest } from '#web/lib/api-client.ts';
import { startSession } from './sign-in.ts';

/** Follows the mailed link: verifies the address, then signs in. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      await apiRequest('verifyEmail', { body: { token } });
      return startSession(queryClient);
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (body: EmailOnlyBody) => apiRequest('resendVerification', { body }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: EmailOnlyBody) => apiRequest('forgotPassword', { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest('resetPassword', { body }),
  });
}
