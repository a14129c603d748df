// The set-up of a `ubi` test file: its server, an owner with a project and a token, and the
// command line as that owner (POST /cli, as the origin's program sends it).
import { newOwner } from './fixtures.ts';
import { serverForFile } from './harness.ts';
import { ubiAs } from './ubi-client.ts';

/** At a test file's top level: `const { t, owner, cli } = await cliForFile();`. */
export async function cliForFile() {
  const t = await serverForFile();
  const owner = await newOwner(t);
  return { t, owner, cli: ubiAs(`${t.base}/cli`, owner.token) };
}
