// Signs up the default user through the console's API and saves its cookie session (one per
// project: the proxy project signs its user up through the proxy-mode BFF).
import { ConsoleApi, test as setup, uniqueEmail } from './fixtures.ts';

setup('sign up the default user', async ({ playwright, baseURL, userState }) => {
  const api = await ConsoleApi.signUp(playwright, uniqueEmail('e2e'), undefined, baseURL);
  await api.request.storageState({ path: userState });
  await api.request.dispose();
});
