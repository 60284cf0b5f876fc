import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
for (let i=0;i<3;i++){const t=Date.now();
const db = new PGlite({ extensions: { pg_trgm } });
await db.exec('create extension if not exists pg_trgm');
console.log('start ms', Date.now()-t);
if (i==2 && db.clone) { const t2=Date.now(); const c = await db.clone(); await c.query('select 1'); console.log('clone ms', Date.now()-t2);} }
