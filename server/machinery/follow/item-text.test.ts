import { describe, expect, it } from 'vitest';
import { itemText } from './item-text.ts';

describe('the text of a feed item with no address', () => {
  it('reads each block on its own line and leaves scripts and styles unread', () => {
    const html = '<h2>Tides</h2><p>High water at <b>six</b>.</p><script>track()</script><style>p{}</style><ul><li>Low at noon</li></ul>';
    expect(itemText(html)).toBe('Tides\nHigh water at six.\nLow at noon');
  });

  it('decodes an entity once: an escaped “&lt;” in the content stays the text “&lt;”', () => {
    expect(itemText('<p>Use &amp;lt;b&amp;gt; for bold &amp; &lt;i&gt; for italics</p>')).toBe('Use &lt;b&gt; for bold & <i> for italics');
  });

  it('keeps a table row’s cells apart', () => {
    expect(itemText('<table><tr><th>Port</th><th>Ships</th></tr><tr><td>Dover</td><td>3</td></tr></table>')).toBe('Port\tShips\nDover\t3');
  });
});
