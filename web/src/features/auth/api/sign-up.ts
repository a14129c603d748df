import { useMutation } from '@tanstack/react-query';
import type { SignupBody } from '#shared/api/auth';
import { apiRequest } from '#web/lib/api-client.ts';

/** Sign-up mails a link; the account signs in once the link is followed (verify-email). */
export function useSignUp() {
  return useMutation({ mutationFn: (body: SignupBody) => apiRequest('consoleSignup', { body }) });
}
