import { describe, expect, it } from 'vitest';
import { buildPath, ENDPOINTS, matchEndpoint } from './endpoints.ts';

describe('buildPath', () => {
  it.each([
    [ENDPOINTS.listPodcasts, {}, undefined, '/api/podcasts'],
    [ENDPOINTS.getPodcast, { id: 'p1' }, undefined, '/api/podcasts/p1'],
    [ENDPOINTS.getPodcast, { id: 'a/b c' }, undefined, '/api/podcasts/a%2Fb%20c'],
    [ENDPOINTS.deleteBookmark, { id: 'p1', bookmarkId: 'b2' }, undefined, '/api/podcasts/p1/bookmarks/b2'],
    [ENDPOINTS.verifySession, {}, { session_id: 'sub_1' }, '/api/stripe/verify-session?session_id=sub_1'],
  ])('%j with %j', (endpoint, params, query, path) => {
    expect(buildPath(endpoint, params, query)).toBe(path);
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => buildPath(ENDPOINTS.getPodcast)).toThrow(':id');
  });
});

describe('matchEndpoint', () => {
  it.each([
    ['GET', '/api/podcasts', 'listPodcasts', {}],
    ['POST', '/api/podcasts', 'createPodcast', {}],
    ['GET', '/api/podcasts/p1', 'getPodcast', { id: 'p1' }],
    ['GET', '/api/podcasts/p1/events', 'podcastEvents', { id: 'p1' }],
    ['PUT', '/api/podcasts/a%2Fb/position', 'savePosition', { id: 'a/b' }],
    ['DELETE', '/api/podcasts/p1/bookmarks/b2', 'deleteBookmark', { id: 'p1', bookmarkId: 'b2' }],
    ['POST', '/api/feed/rotate', 'rotateFeed', {}],
  ])('%s %s is %s', (method, path, name, params) => {
    expect(matchEndpoint(method, path)).toMatchObject({ name, params });
  });

  it.each([
    ['GET', '/api/nothing'],
    ['PUT', '/api/podcasts'],
    ['GET', '/api/podcasts/p1/events/more'],
  ])('%s %s matches nothing', (method, path) => {
    expect(matchEndpoint(method, path)).toBeNull();
  });

  it('every endpoint is found by its own path', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const params = Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, param]) => [param!, `${param}-1`]));
      expect(matchEndpoint(endpoint.method, buildPath(endpoint, params))?.name).toBe(name);
    }
  });
});
