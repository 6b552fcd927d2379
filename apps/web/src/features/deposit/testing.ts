import type { Deposit, DepositMethods, Wallet, Withdrawal, WithdrawalOptions } from '@openbroker/domain';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';

/** Test data for the deposit and withdrawal pages (not app code). */

export function signInWith(type: 'live' | 'demo', currency = 'USD') {
  useSessionStore.setState({
    user: sessionUser({
      accounts: [
        { id: 5, number: '10000005', title: 'Main', type, currency, balance: 1_000, credit_balance: 0 }, // i18n-ignore: test data
      ],
    }),
    selectedAccountIndex: 0,
  });
}

const limits = {
  enabled: true,
  currencies: ['USD', 'EUR'],
  min_amount: 10,
  max_amount: 5_000,
  fee_percent: 2.5,
  fee_fixed: 0.3,
  sandbox: true,
};

export function testMethods(overrides: Partial<DepositMethods> = {}): DepositMethods {
  return {
    card: limits,
    wire: {
      ...limits,
      min_amount: 100,
      max_amount: null,
      fee_percent: 0,
      fee_fixed: 0,
      sandbox: false,
      bank: {
        beneficiary: 'OpenBroker Ltd',
        bank_name: 'Example Bank',
        iban: 'GB33BUKB20201555555555',
        bic: 'BUKBGB22',
        address: '1 Bank Street, London',
        demo: false,
      },
      reference: 'OB-7K2Q9',
    },
    crypto: {
      enabled: true,
      coins: [
        {
          coin: 'BTC',
          name: 'Bitcoin',
          networks: [
            {
              key: 'crypto:BTC:bitcoin',
              network: 'bitcoin',
              label: 'Bitcoin', // i18n-ignore: test data
              min_deposit: '0.0001',
              confirmations: 2,
              enabled: true,
              sandbox: true,
            },
          ],
        },
        {
          coin: 'USDT',
          name: 'Tether USD',
          networks: [
            {
              key: 'crypto:USDT:ethereum',
              network: 'ethereum',
              label: 'Ethereum (ERC-20)', // i18n-ignore: test data
              min_deposit: '10',
              confirmations: 12,
              enabled: true,
              sandbox: true,
            },
          ],
        },
      ],
    },
    ...overrides,
  };
}

export function testDeposit(overrides: Partial<Deposit> & Pick<Deposit, 'id'>): Deposit {
  return {
    method: 'card',
    account_id: 5,
    account_number: '10000005',
    currency: 'USD',
    amount: 100,
    fee: 2.8,
    net_amount: 97.2,
    status: 'pending',
    sandbox: true,
    redirect_url: null,
    card_last4: null,
    coin: null,
    network: null,
    address: null,
    wallet_id: null,
    txid: null,
    crypto_amount: null,
    confirmations: null,
    required_confirmations: null,
    reference: null,
    proof_name: null,
    reason_code: null,
    reason: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

export function testWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    id: 42,
    coin: 'BTC',
    network: 'bitcoin',
    network_label: 'Bitcoin',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    payment_uri: 'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    account_id: 5,
    min_deposit: '0.0001',
    confirmations: 2,
    sandbox: true,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function page<T>(data: T[]) {
  return {
    data,
    meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length },
    links: { next: null, prev: null },
  };
}

export function testWithdrawalOptions(overrides: Partial<WithdrawalOptions> = {}): WithdrawalOptions {
  return {
    account_id: 5,
    currency: 'USD',
    withdrawable: 800,
    methods: [
      {
        method: 'bank',
        key: 'bank',
        label: 'Bank transfer', // i18n-ignore: test data
        enabled: true,
        fee_percent: 0,
        fee_fixed: 5,
        min_amount: 50,
        sandbox: false,
      },
      {
        method: 'crypto',
        key: 'crypto:BTC:bitcoin',
        label: 'Bitcoin', // i18n-ignore: test data
        enabled: true,
        fee_percent: 1,
        fee_fixed: 0,
        min_amount: 20,
        sandbox: true,
      },
      {
        method: 'card',
        key: 'card',
        label: 'Back to my card', // i18n-ignore: test data
        enabled: true,
        fee_percent: 0,
        fee_fixed: 0,
        min_amount: 10,
        sandbox: true,
      },
    ],
    card_refunds: [
      { deposit_id: 3, card_last4: '4242', refundable: 100 },
      { deposit_id: 9, card_last4: '1881', refundable: 250 },
    ],
    two_level_threshold: 500,
    ...overrides,
  };
}

export function testWithdrawal(overrides: Partial<Withdrawal> & Pick<Withdrawal, 'id'>): Withdrawal {
  return {
    method: 'bank',
    account_id: 5,
    account_number: '10000005',
    currency: 'USD',
    amount: 100,
    fee: 5,
    total: 105,
    status: 'held',
    destination: 'GB33 •••• 5555',
    approvals_required: 1,
    approvals_given: 0,
    reason_code: null,
    reason: null,
    cancellable: true,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}
