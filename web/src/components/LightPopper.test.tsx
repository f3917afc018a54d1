import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LightPopper from './LightPopper';

function anchorAt(top: number, bottom: number, left = 20): HTMLElement {
  const anchor = document.createElement('div');
  document.body.appendChild(anchor);
  anchors.push(anchor);
  vi.spyOn(anchor, 'getBoundingClientRect').mockReturnValue({
    top,
    bottom,
    left,
    right: left + 200,
    width: 200,
    height: bottom - top,
    x: left,
    y: top,
    toJSON: () => ({}),
  });
  return anchor;
}

const anchors: HTMLElement[] = [];
afterEach(() => {
  cleanup();
  anchors.splice(0).forEach((anchor) => anchor.remove());
  vi.restoreAllMocks();
});

describe('LightPopper (Autocomplete’s list in production builds)', () => {
  it('shows its content under the anchor, in the body, with the given width', () => {
    const anchor = anchorAt(100, 140);
    render(
      <LightPopper open anchorEl={anchor} role="presentation" style={{ width: 200 }} className="list">
        <span>Ana</span>
      </LightPopper>,
    );
    const popper = screen.getByRole('presentation');
    expect(popper.parentElement).toBe(document.body);
    expect(popper.style).toMatchObject({ position: 'fixed', top: '140px', left: '20px', width: '200px' });
    expect(popper.style.display).toBe('');
    expect(popper.className).toBe('list');
    expect(screen.getByText('Ana')).toBeTruthy();
  });

  it('opens above the anchor when there is more room there', () => {
    const anchor = anchorAt(window.innerHeight - 60, window.innerHeight - 20);
    render(
      <LightPopper open anchorEl={anchor} role="presentation">
        <span>Ana</span>
      </LightPopper>,
    );
    const popper = screen.getByRole('presentation');
    expect(popper.style.bottom).toBe('60px');
    expect(popper.style.top).toBe('');
  });

  it('renders nothing when closed, and stays hidden when kept mounted', () => {
    const anchor = anchorAt(100, 140);
    const { rerender } = render(
      <LightPopper open={false} anchorEl={anchor} role="presentation">
        <span>Ana</span>
      </LightPopper>,
    );
    expect(screen.queryByText('Ana')).toBeNull();
    rerender(
      <LightPopper open={false} keepMounted anchorEl={anchor} role="presentation">
        <span>Ana</span>
      </LightPopper>,
    );
    expect(screen.getByRole('presentation', { hidden: true }).style.display).toBe('none');
  });

  it('stays inside its parent with disablePortal', () => {
    const anchor = anchorAt(100, 140);
    const { container } = render(
      <LightPopper open disablePortal anchorEl={anchor} role="presentation">
        <span>Ana</span>
      </LightPopper>,
    );
    expect(container.querySelector('[role="presentation"]')).not.toBeNull();
  });
});
