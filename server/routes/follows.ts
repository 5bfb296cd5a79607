/**
 * `/api/follows`: the sites a member follows. Adding finds and reads the feed (201, or 200 with the
 * follow the member already has of that feed); POST /:id/check checks its feed now (202); PATCH pauses, resumes or changes how items are told;
 * DELETE stops following (the episodes made stay). `/digest` reads and sets the member's digest
 * across follows (one episode a day of every follow's new items).
 */
import { Hono } from 'hono';
import { createFollowSchema, memberDigestSchema, updateFollowSchema } from '../../shared/api/follows.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireCaller } from '../http/caller.ts';
import { validate } from '../http/validate.ts';
import { changeFollow } from '../use-cases/change-follow.ts';
import { checkFollowNow } from '../use-cases/check-follow-now.ts';
import { followSite } from '../use-cases/follow-site.ts';
import { getMemberDigest } from '../use-cases/get-member-digest.ts';
import { listFollowsOf } from '../use-cases/list-follows.ts';
import { setMemberDigest } from '../use-cases/set-member-digest.ts';
import { unfollow } from '../use-cases/unfollow.ts';

export function followRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json({ follows: await listFollowsOf(deps, requireCaller(c)) }))
    .get('/digest', async (c) => c.json(await getMemberDigest(deps, requireCaller(c))))
    .put('/digest', validate('json', memberDigestSchema), async (c) => c.json(await setMemberDigest(deps, requireCaller(c), c.req.valid('json'))))
    .post('/', validate('json', createFollowSchema), async (c) => {
      const { follow, created } = await followSite(deps, requireCaller(c), c.req.valid('json'));
      return c.json(follow, created ? 201 : 200);
    })
    .post('/:id/check', async (c) => c.json(await checkFollowNow(deps, requireCaller(c), c.req.param('id')), 202))
    .patch('/:id', validate('json', updateFollowSchema), async (c) => c.json(await changeFollow(deps, requireCaller(c), c.req.param('id'), c.req.valid('json'))))
    .delete('/:id', async (c) => {
      await unfollow(deps, requireCaller(c), c.req.param('id'));
      return c.json({ success: true });
    });
}
