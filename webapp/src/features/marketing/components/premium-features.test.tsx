import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../../../testing/render.tsx';
import { PremiumFeatures } from './premium-features.tsx';

const view = mountEachTest();

function show(props: { showUpgrade: boolean; everyFeature?: boolean }) {
  act(() =>
    view.render(
      <MemoryRouter>
        <PremiumFeatures {...props} />
      </MemoryRouter>,
    ),
  );
  return view.container.textContent ?? '';
}

describe('the Premium features on the home page', () => {
  it('offers the upgrade and its price where the server takes payments', () => {
    const text = show({ showUpgrade: true });
    expect(text).toContain('Upgrade Now');
    expect(text).toContain('$7/month, cancel anytime');
    expect(text).not.toContain('takes no payments');
  });

  it('says every member has every feature where the server takes no payments, with no price', () => {
    const text = show({ showUpgrade: false, everyFeature: true });
    expect(text).toContain('This Pagecast server takes no payments: every member has every feature, at no cost.');
    expect(text).not.toContain('Upgrade Now');
    expect(text).not.toMatch(/\$\d/);
  });
});
