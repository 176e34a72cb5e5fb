import { render, screen } from '@testing-library/react';
import { App } from '../src/app/App';
import { MemoryRouter } from 'react-router-dom';

jest.mock('../src/app/Footer', () => ({
  Footer: () => {
    throw new Error('The footer could not be drawn');
  },
}));

describe('an error in the shell itself', () => {
  it('still ends on the "Unexpected Application Error!" screen with its message', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = () => <h1>Home</h1>;
    render(
      <MemoryRouter initialEntries={['/']}>
        <App initial={{ kind: 'page', path: '/', route: { path: '/', title: 't', description: 'd', load: async () => ({ default: Page }) }, Component: Page }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The footer could not be drawn')).toBeInTheDocument();
  });
});
