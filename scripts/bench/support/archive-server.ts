/**
 * The natural-voices bench's archive server, in a process of its own (`fork`ed with the bench's own
 * loader): what serving an archive costs (its ETag, writing it to the socket) never counts against
 * the event loop the bench measures, as a real mirror's work would not.
 *
 * Arguments: the archive's name, then the file holding it. Sends `{ url }` once listening; stops when
 * the bench disconnects.
 */
import fs from 'node:fs';
import { serveArchives } from '../../../server/test/fake-voice.ts';

const [name, file] = process.argv.slice(2) as [string, string];
const server = await serveArchives({ [name]: fs.readFileSync(file) });
process.send!({ url: server.url });
process.once('disconnect', () => void server.close().then(() => process.exit(0)));
