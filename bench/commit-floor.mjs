// The durable-commit floor for `npm run bench`: one-row inserts, one transaction each, for
// argv[3] seconds on a fresh SQLite file in argv[2], with the BFF's settings (WAL,
// synchronous FULL). Prints the commits per second.
import path from 'node:path';
import SQLite from 'better-sqlite3';

const db = new SQLite(path.join(process.argv[2], 'floor.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table t (id integer primary key, v text not null)');
const insert = db.prepare('insert into t (v) values (?)');
const commit = db.transaction((v) => insert.run(v));
const end = Date.now() + Number(process.argv[3] ?? 3) * 1000;
let n = 0;
const start = Date.now();
while (Date.now() < end) commit(`row ${n++}`);
console.log(JSON.stringify({ commitsPerSecond: n / ((Date.now() - start) / 1000) }));
db.close();
