// Signs up the default user through the console's API and saves its cookie session.
import { test as setup } from '@playwright/test';
import { ConsoleApi, USER_STATE, uniqueEmail } from './fixtures.ts';

setup('sign up the default user', async ({ playwright }) => {
  const api = await ConsoleApi.signUp(playwright, uniqueEmail('e2e'));
  await api.request.storageState({ path: USER_STATE });
  await api.request.dispose();
});
