// Creates and migrates an embedded database in a fresh folder, in a process of its own: initdb's
// throwaway wasm instances and the pages creating the tables touches (some 100 MB that the server's
// process would otherwise keep resident for its whole life) go when this process exits.
// Arguments: the data folder, the migrations folder, then PGlite's start parameters.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dataDir, migrationsFolder, ...startParams] = process.argv.slice(2);
const client = await PGlite.create(dataDir, { startParams });
await migrate(drizzle(client), { migrationsFolder });
await client.close();
