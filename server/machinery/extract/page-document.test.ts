import { describe, expect, it } from 'vitest';
import { parsePage } from './page-document.ts';

/**
 * linkedom is patched (patches/) to give a node its listeners' map from its first listener on, not at
 * its creation: a parsed page's elements must still take, fire and drop listeners as a DOM does.
 */
describe('a parsed page as a DOM', () => {
  it('takes a listener on a parsed element, fires it for an event that bubbles from a child, and drops it again', () => {
    const document = parsePage('<!doctype html><html><body><main><p id="lead">Tide pools</p></main></body></html>', 'https://example.com/');
    const main = document.querySelector('main')!;
    const lead = document.querySelector('#lead')!;
    const heard: string[] = [];
    const listener = (event: { type: string; target: unknown }) => heard.push(`${event.type} from ${(event.target as { id: string }).id}`);
    main.addEventListener('pick', listener);
    lead.dispatchEvent(new document.defaultView.Event('pick', { bubbles: true }));
    lead.dispatchEvent(new document.defaultView.Event('pick', { bubbles: false }));
    main.removeEventListener('pick', listener);
    lead.dispatchEvent(new document.defaultView.Event('pick', { bubbles: true }));
    expect(heard).toEqual(['pick from lead']);
  });

  it('lets a listener be removed from an element that never had one', () => {
    const document = parsePage('<!doctype html><html><body><p>Tide pools</p></body></html>', 'https://example.com/');
    const paragraph = document.querySelector('p')!;
    expect(() => paragraph.removeEventListener('pick', () => {})).not.toThrow();
    expect(paragraph.dispatchEvent(new document.defaultView.Event('pick'))).toBe(true);
  });
});
