import type { ComponentType } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createRecordingShell, TestShell, type RecordingShell } from '@kesho/shell-kit/testing';
import { catalogue } from '@kesho/site-rules/catalogue';
import type { CheckoutData } from '@kesho/site-rules/checkout-schema';
import { IDEMPOTENCY_KEY_HEADER } from '@kesho/site-rules/payment-attempt';
import { STORAGE_KEYS } from '@kesho/site-rules/storage-keys';
import { paymentsHttp } from '../src/api/paymentsClient';
import { CartProvider } from '../src/cart';
import { serializeCart } from '../src/cart/persistence';
import { createCartStore, type CartStore } from '../src/cart/store';
import type { CartItem } from '../src/cart/types';

export function catalogueItem(id: string, quantity = 1): CartItem {
  const service = catalogue.find((entry) => entry.id === id);
  if (!service) throw new Error(`No catalogue service ${id}`);
  return { id: service.id, name: service.name, priceCents: service.priceCents, icon: service.icon, quantity };
}

export function saveCart(items: readonly CartItem[]): void {
  window.localStorage.setItem(STORAGE_KEYS.cart, serializeCart(items));
}

export function savedCart(): unknown {
  const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
  return raw === null ? null : JSON.parse(raw);
}

export const validCheckoutData: CheckoutData = {
  fullName: 'Amina Wanjiku',
  email: 'amina@example.com',
  phone: '+254700123456',
  companyName: '',
  notes: '',
  acceptTerms: true,
};

export function saveCheckout(data: CheckoutData = validCheckoutData): void {
  window.sessionStorage.setItem(STORAGE_KEYS.checkoutData, JSON.stringify(data));
}

export interface RenderedPage extends RenderResult {
  readonly shell: RecordingShell;
  readonly store: CartStore;
  readonly navigate: jest.SpyInstance;
}

/** Renders a page the way the shell does, with a fresh cart store that reads this test's localStorage. */
export function renderPage(Page: ComponentType, pathname = '/'): RenderedPage {
  const shell = createRecordingShell(pathname);
  const navigate = jest.spyOn(shell, 'navigate');
  const store = createCartStore();
  const result = render(
    <TestShell shell={shell}>
      <CartProvider store={store}>
        <Page />
      </CartProvider>
    </TestShell>,
  );
  return { ...result, shell, store, navigate };
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly params: unknown;
  readonly body: unknown;
  /** The Idempotency-Key header, when the request had one. */
  idempotencyKey?: string;
}

type Reply = { status: number; data: unknown; headers?: Record<string, string> } | Error;

/**
 * Answers the payment API's HTTP calls in-process (axios adapter), so the tests exercise the real
 * client: its serialisation, status handling and error shaping.
 */
export function fakePaymentsApi(answer: (request: RecordedRequest) => Reply | Promise<Reply>) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    const idempotencyKey = AxiosHeaders.from(config.headers).get(IDEMPOTENCY_KEY_HEADER);
    if (typeof idempotencyKey === 'string') request.idempotencyKey = idempotencyKey;
    requests.push(request);
    const reply = await answer(request);
    if (reply instanceof Error) throw reply;
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: '', headers: new AxiosHeaders(reply.headers ?? {}), config };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    }
    return response;
  };
  // Registered before the test makes a call, so it runs before any request continues past
  // `await paymentsHttp()` (callbacks on one promise run in the order they were added).
  void paymentsHttp().then((http) => {
    http.defaults.adapter = adapter;
  });
  return { requests };
}

export function resetBrowserState(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState({}, '', '/');
}
