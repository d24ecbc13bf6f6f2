import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusHeadingOnNavigate } from './page-focus';

function Shell({ pathname, heading }: { pathname: string; heading: string | null }) {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main, pathname);
  return (
    <>
      <nav>
        <a href="/data/products">Products</a>
      </nav>
      <main ref={main}>{heading && <h1 key={heading}>{heading}</h1>}</main>
    </>
  );
}

describe('the focus after a navigation', () => {
  it("follows the new page's heading when the page left behind was still drawn at first", async () => {
    const view = render(<Shell pathname="/home" heading="Home" />);
    view.getByText('Products').focus();
    // The new path arrives while the old page is still shown (its chunk or data loading)...
    view.rerender(<Shell pathname="/data/products" heading="Home" />);
    expect(document.activeElement?.textContent).toBe('Home');
    // ...then the old page goes (the focus falls to the body) and the new heading comes.
    await act(async () => {
      view.rerender(<Shell pathname="/data/products" heading={null} />);
      await Promise.resolve();
    });
    await act(async () => {
      view.rerender(<Shell pathname="/data/products" heading="Products" />);
      await Promise.resolve();
    });
    expect(document.activeElement?.tagName).toBe('H1');
    expect(document.activeElement?.textContent).toBe('Products');
  });

  it('leaves a focus that moved elsewhere after the heading (a dialog that opened) where it is', async () => {
    const view = render(<Shell pathname="/home" heading="Home" />);
    view.rerender(<Shell pathname="/reports" heading="Reports" />);
    const dialogButton = document.createElement('button');
    document.body.append(dialogButton);
    dialogButton.focus();
    await act(async () => {
      view.rerender(<Shell pathname="/reports" heading="Reports again" />);
      await Promise.resolve();
    });
    expect(document.activeElement).toBe(dialogButton);
    dialogButton.remove();
  });
});
