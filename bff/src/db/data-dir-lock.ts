// One server process per embedded database: a second one on the same DATA_DIR would run a
// second job worker. A lock file holds the owner's pid; a lock whose process is gone (a
// crash, kill -9) is taken over.
import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `dataDir` for this process; throws when a live process holds it. Returns a release. */
export function claimDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'console.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && alive(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${owner}; stop it, or give this one another DATA_DIR.`,
          { cause: err },
        );
      }
      fs.rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not claim DATA_DIR ${dataDir}.`);
}
