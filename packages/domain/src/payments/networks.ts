/**
 * The coins and networks the platform takes deposits and pays out on. Bitcoin addresses are BIP84
 * (native SegWit, bech32) from the broker's extended public key; Ether and ERC-20 stablecoins are
 * BIP44 Ethereum addresses. Each customer account gets its own address per coin and network, so a
 * transfer names the account it is for. Minimums and confirmations are defaults staff may change
 * per method (payment_methods.config).
 */
export interface CryptoNetwork {
  /** 'BTC'; lower case in routes (/main/deposit/btc). */
  coin: string;
  coinName: string;
  /** 'bitcoin', 'ethereum'. */
  network: string;
  networkLabel: string;
  /** The chain addresses live on: one derivation sequence per chain. */
  chain: 'bitcoin' | 'ethereum';
  /** Decimals of the coin's smallest unit (satoshi 8, wei 18, USDT/USDC 6). */
  decimals: number;
  /** ERC-20 token contract, checksummed. */
  contract?: string;
  /** Smallest deposit credited, in the coin. */
  minDeposit: string;
  confirmations: number;
  /** The market symbol its live price comes from ('BTC/USD'). */
  priceSymbol: string;
  /** URI scheme for the QR code. */
  uriScheme: 'bitcoin' | 'ethereum';
}

export const CRYPTO_NETWORKS: readonly CryptoNetwork[] = [
  {
    coin: 'BTC',
    coinName: 'Bitcoin',
    network: 'bitcoin',
    networkLabel: 'Bitcoin',
    chain: 'bitcoin',
    decimals: 8,
    minDeposit: '0.0001',
    confirmations: 2,
    priceSymbol: 'BTC/USD',
    uriScheme: 'bitcoin',
  },
  {
    coin: 'ETH',
    coinName: 'Ether',
    network: 'ethereum',
    networkLabel: 'Ethereum',
    chain: 'ethereum',
    decimals: 18,
    minDeposit: '0.005',
    confirmations: 12,
    priceSymbol: 'ETH/USD',
    uriScheme: 'ethereum',
  },
  {
    coin: 'USDT',
    coinName: 'Tether USD',
    network: 'ethereum',
    networkLabel: 'Ethereum (ERC-20)',
    chain: 'ethereum',
    decimals: 6,
    contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    minDeposit: '10',
    confirmations: 12,
    priceSymbol: 'USDT/USD',
    uriScheme: 'ethereum',
  },
  {
    coin: 'USDC',
    coinName: 'USD Coin',
    network: 'ethereum',
    networkLabel: 'Ethereum (ERC-20)',
    chain: 'ethereum',
    decimals: 6,
    contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    minDeposit: '10',
    confirmations: 12,
    priceSymbol: 'USDC/USD',
    uriScheme: 'ethereum',
  },
];

/** The `payment_methods` key of a coin on a network. */
export function cryptoMethodKey(coin: string, network: string): string {
  return `crypto:${coin.toUpperCase()}:${network.toLowerCase()}`;
}

export function findCryptoNetwork(coin: string, network?: string): CryptoNetwork | undefined {
  const c = coin.toUpperCase();
  return CRYPTO_NETWORKS.find(
    (n) => n.coin === c && (network === undefined || n.network === network.toLowerCase()),
  );
}
