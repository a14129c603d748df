// The suite's user: a verified test account made with the instance's test-mode token (no
// sign-up, no mail, no throttle), signed in, its session saved for the `qa` project.
import { ConsoleApi, PASSWORD, test as setup, uniqueEmail } from 'console-test-kit';

setup('make and sign in the QA user', async ({ playwright, baseURL, testMode, userState }) => {
  const email = uniqueEmail('qa');
  await testMode.createAccount({ email, password: PASSWORD });
  const api = await ConsoleApi.signIn(playwright, email, PASSWORD, baseURL);
  await api.request.storageState({ path: userState });
  await api.request.dispose();
});
