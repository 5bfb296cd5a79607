import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, fetchNotOkMessage, notAWebPageMessage } from './errors.ts';
import { pageRefusal, statusRefusal, typeRefusal } from './page-rules.ts';

describe('the page rule the server and the extension share', () => {
  it.each([
    [200, undefined, null],
    [204, undefined, null],
    [404, undefined, fetchNotOkMessage('Not Found')],
    [500, undefined, fetchNotOkMessage('Internal Server Error')],
    // The other server's own words ('File not found') are not the product's: the standard phrase is.
    [404, 'File not found', fetchNotOkMessage('Not Found')],
    [599, 'Odd Status', fetchNotOkMessage('Odd Status')],
    [599, undefined, fetchNotOkMessage('599')],
  ])('answers status %i (reason %s) with %s', (status, given, message) => {
    expect(statusRefusal(status, given)?.message ?? null).toBe(message);
  });

  it.each([
    ['text/html', null],
    ['application/xhtml+xml', null],
    ['text/plain', null],
    ['application/pdf', null],
    ['', null],
    ['application/json', notAWebPageMessage('a file of type application/json')],
    ['image/png', notAWebPageMessage('an image')],
    ['video/mp4', notAWebPageMessage('a video')],
    ['audio/mpeg', notAWebPageMessage('an audio file')],
  ])('answers the type %s with %s', (type, message) => {
    expect(typeRefusal(type)?.message ?? null).toBe(message);
  });

  it('judges a page as a browser shows it: status first, then type, then text', () => {
    expect(pageRefusal({ status: 404, contentType: 'application/json', text: '{}' })).toEqual({ code: 'FETCH_FAILED', message: fetchNotOkMessage('Not Found') });
    expect(pageRefusal({ status: 200, contentType: 'application/json; charset=utf-8', text: '{"status":"ok"}' })?.message).toBe(
      notAWebPageMessage('a file of type application/json'),
    );
    expect(pageRefusal({ contentType: 'text/html', text: ' \n ' })).toEqual({ code: 'NO_CONTENT', message: CONTENT_MESSAGES.noContent });
    expect(pageRefusal({ status: 0, contentType: 'text/html', text: 'An article.' })).toBeNull();
  });
});
