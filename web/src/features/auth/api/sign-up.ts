import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupBody } from '#shared/api/auth';
import { apiRequest } from '#web/lib/api-client.ts';
import { startSession } from './sign-in.ts';

export function signUp(body: SignupBody) {
  return apiRequest('consoleSignup', { body });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignupBody) => {
      await signUp(body);
      return startSession(queryClient);
    },
  });
}
