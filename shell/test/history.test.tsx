import { act, render, screen } from '@testing-library/react';
import { createBrowserHistory, createMemoryHistory, HistoryProvider, useLocation } from '../src/app/history';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p>{`${pathname}${search}${hash}`}</p>;
}

describe('the browser history', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('pushes an entry per navigation and tells subscribers', () => {
    const history = createBrowserHistory();
    const before = window.history.length;
    render(
      <HistoryProvider history={history}>
        <Where />
      </HistoryProvider>,
    );
    act(() => history.push('/faq?x=1#payments'));
    expect(screen.getByText('/faq?x=1#payments')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/faq');
    expect(window.history.length).toBe(before + 1);
  });

  it('replaces instead of pushing when asked, or when the address does not change', () => {
    const history = createBrowserHistory();
    history.push('/pricing');
    const length = window.history.length;
    history.push('/pricing');
    history.replace('/contact');
    expect(window.history.length).toBe(length);
    expect(history.location().pathname).toBe('/contact');
  });

  it('follows Back and Forward (popstate), keeping one location object while nothing changes', () => {
    const history = createBrowserHistory();
    const listener = jest.fn();
    history.subscribe(listener);
    const first = history.location();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(history.location()).toBe(first);
    expect(listener).not.toHaveBeenCalled();
    window.history.pushState(null, '', '/about');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(history.location().pathname).toBe('/about');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('the memory history', () => {
  it('resolves relative paths and drops forward entries on a new push', () => {
    const history = createMemoryHistory('/services/visa');
    history.push('admissions');
    expect(history.location().pathname).toBe('/services/admissions');
    history.replace('/faq#refunds');
    expect(history.entries()).toEqual(['/services/visa', '/faq#refunds']);
  });
});
