import { atLeastOneTick, decimalsFor, round, spreadFor } from './build.ts';
import type { InstrumentSeed } from './types.ts';

/**
 * Which pairs a coin gets: 1 USD, USDT, EUR and a BTC-quoted pair; 2 USD, USDT and EUR; 3 USD and USDT;
 * 4 (stablecoins) USD and EUR; 5 USD only.
 */
type Tier = 1 | 2 | 3 | 4 | 5;

/** Code, name, category, reference price in USD (late-2025 levels), tier. */
type Coin = readonly [code: string, name: string, category: string, usd: number, tier: Tier];

const L1 = 'Layer 1';
const L2 = 'Layer 2';
const DEFI = 'DeFi';
const STABLE = 'Stablecoin';
const MEME = 'Meme';
const EXCHANGE = 'Exchange';
const GAMING = 'Gaming';
const INFRA = 'Infrastructure';
const PAY = 'Payments';
const PRIVACY = 'Privacy';
const AI = 'AI';
const RWA = 'RWA';

const COINS: readonly Coin[] = [
  // Layer 1 networks.
  ['BTC', 'Bitcoin', L1, 95000, 1],
  ['ETH', 'Ethereum', L1, 3100, 1],
  ['SOL', 'Solana', L1, 135, 1],
  ['ADA', 'Cardano', L1, 0.42, 1],
  ['TRX', 'TRON', L1, 0.28, 1],
  ['AVAX', 'Avalanche', L1, 13.5, 1],
  ['DOT', 'Polkadot', L1, 2.2, 1],
  ['TON', 'Toncoin', L1, 1.6, 1],
  ['HBAR', 'Hedera', L1, 0.14, 1],
  ['NEAR', 'NEAR Protocol', L1, 1.8, 1],
  ['SUI', 'Sui', L1, 1.6, 1],
  ['ICP', 'Internet Computer', L1, 3.6, 1],
  ['ETC', 'Ethereum Classic', L1, 13.5, 1],
  ['ATOM', 'Cosmos', L1, 2.5, 1],
  ['ALGO', 'Algorand', L1, 0.14, 1],
  ['APT', 'Aptos', L1, 1.7, 2],
  ['XTZ', 'Tezos', L1, 0.55, 2],
  ['SEI', 'Sei', L1, 0.15, 2],
  ['INJ', 'Injective', L1, 6, 2],
  ['TIA', 'Celestia', L1, 0.65, 2],
  ['EGLD', 'MultiversX', L1, 7.5, 2],
  ['FLOW', 'Flow', L1, 0.2, 2],
  ['MINA', 'Mina', L1, 0.12, 2],
  ['KAVA', 'Kava', L1, 0.12, 2],
  ['IOTA', 'IOTA', L1, 0.1, 2],
  ['VET', 'VeChain', L1, 0.014, 2],
  ['KSM', 'Kusama', L1, 8, 2],
  ['KAS', 'Kaspa', L1, 0.05, 3],
  ['S', 'Sonic', L1, 0.13, 3],
  ['ZIL', 'Zilliqa', L1, 0.008, 3],
  ['XEC', 'eCash', L1, 0.000012, 3],
  ['ROSE', 'Oasis Network', L1, 0.014, 3],
  ['ONE', 'Harmony', L1, 0.004, 3],
  ['CELO', 'Celo', L1, 0.17, 3],
  ['QTUM', 'Qtum', L1, 1.5, 3],
  ['NEO', 'Neo', L1, 3.8, 3],
  ['BERA', 'Berachain', L1, 0.9, 3],
  ['CFX', 'Conflux', L1, 0.08, 3],
  ['CKB', 'Nervos Network', L1, 0.003, 3],
  ['ASTR', 'Astar', L1, 0.015, 3],
  ['GLMR', 'Moonbeam', L1, 0.03, 3],
  ['ICX', 'ICON', L1, 0.07, 3],
  ['ONT', 'Ontology', L1, 0.08, 3],
  ['ZEN', 'Horizen', L1, 8, 3],
  ['FLR', 'Flare', L1, 0.012, 3],
  ['XDC', 'XDC Network', L1, 0.05, 3],
  ['CORE', 'Core', L1, 0.2, 3],
  ['PI', 'Pi Network', L1, 0.22, 3],
  ['MOVE', 'Movement', L1, 0.05, 3],
  ['RVN', 'Ravencoin', L1, 0.009, 3],
  ['DCR', 'Decred', L1, 20, 3],
  // Payments.
  ['XRP', 'XRP', PAY, 2.05, 1],
  ['LTC', 'Litecoin', PAY, 82, 1],
  ['BCH', 'Bitcoin Cash', PAY, 570, 1],
  ['XLM', 'Stellar', PAY, 0.24, 1],
  ['ACH', 'Alchemy Pay', PAY, 0.013, 3],
  // Privacy.
  ['XMR', 'Monero', PRIVACY, 380, 1],
  ['ZEC', 'Zcash', PRIVACY, 400, 2],
  ['DASH', 'Dash', PRIVACY, 45, 2],
  // Layer 2 and scaling.
  ['POL', 'Polygon', L2, 0.13, 2],
  ['ARB', 'Arbitrum', L2, 0.21, 2],
  ['OP', 'Optimism', L2, 0.32, 2],
  ['IMX', 'Immutable', L2, 0.3, 2],
  ['STRK', 'Starknet', L2, 0.12, 2],
  ['STX', 'Stacks', L2, 0.3, 2],
  ['MNT', 'Mantle', L2, 1.1, 3],
  ['ZK', 'ZKsync', L2, 0.04, 3],
  ['METIS', 'Metis', L2, 7, 3],
  ['LRC', 'Loopring', L2, 0.06, 3],
  ['SKL', 'SKALE', L2, 0.015, 3],
  ['MANTA', 'Manta Network', L2, 0.1, 3],
  ['CELR', 'Celer Network', L2, 0.005, 3],
  ['SCR', 'Scroll', L2, 0.1, 3],
  // Decentralised finance.
  ['UNI', 'Uniswap', DEFI, 5.6, 1],
  ['AAVE', 'Aave', DEFI, 180, 1],
  ['LDO', 'Lido DAO', DEFI, 0.65, 2],
  ['CRV', 'Curve DAO Token', DEFI, 0.4, 2],
  ['COMP', 'Compound', DEFI, 30, 2],
  ['SNX', 'Synthetix', DEFI, 0.7, 2],
  ['SUSHI', 'SushiSwap', DEFI, 0.4, 2],
  ['1INCH', '1inch', DEFI, 0.18, 2],
  ['YFI', 'yearn.finance', DEFI, 4000, 2],
  ['RUNE', 'THORChain', DEFI, 0.7, 2],
  ['JUP', 'Jupiter', DEFI, 0.25, 2],
  ['PENDLE', 'Pendle', DEFI, 2.5, 2],
  ['ENA', 'Ethena', DEFI, 0.28, 2],
  ['DYDX', 'dYdX', DEFI, 0.22, 2],
  ['HYPE', 'Hyperliquid', DEFI, 32, 2],
  ['SKY', 'Sky', DEFI, 0.06, 3],
  ['BAL', 'Balancer', DEFI, 0.8, 3],
  ['CAKE', 'PancakeSwap', DEFI, 2.3, 3],
  ['RAY', 'Raydium', DEFI, 1.2, 3],
  ['GMX', 'GMX', DEFI, 9, 3],
  ['CVX', 'Convex Finance', DEFI, 2, 3],
  ['ZRX', '0x Protocol', DEFI, 0.18, 3],
  ['UMA', 'UMA', DEFI, 0.9, 3],
  ['KNC', 'Kyber Network Crystal', DEFI, 0.3, 3],
  ['MORPHO', 'Morpho', DEFI, 1.5, 3],
  ['ETHFI', 'ether.fi', DEFI, 0.8, 3],
  ['EIGEN', 'EigenLayer', DEFI, 0.5, 3],
  ['JTO', 'Jito', DEFI, 0.5, 3],
  ['AERO', 'Aerodrome Finance', DEFI, 0.6, 3],
  ['SYRUP', 'Maple Finance', DEFI, 0.4, 3],
  ['LQTY', 'Liquity', DEFI, 0.5, 3],
  ['OSMO', 'Osmosis', DEFI, 0.1, 3],
  // Real-world assets.
  ['ONDO', 'Ondo', RWA, 0.45, 2],
  ['OM', 'MANTRA', RWA, 0.1, 3],
  ['PLUME', 'Plume', RWA, 0.03, 3],
  ['CFG', 'Centrifuge', RWA, 0.15, 3],
  ['POLYX', 'Polymesh', RWA, 0.07, 3],
  // Infrastructure: oracles, storage, interoperability, wallets.
  ['LINK', 'Chainlink', INFRA, 13.5, 1],
  ['FIL', 'Filecoin', INFRA, 1.5, 1],
  ['GRT', 'The Graph', INFRA, 0.045, 2],
  ['AR', 'Arweave', INFRA, 4.5, 2],
  ['QNT', 'Quant', INFRA, 80, 2],
  ['HNT', 'Helium', INFRA, 2, 2],
  ['BAT', 'Basic Attention Token', INFRA, 0.22, 2],
  ['ENS', 'Ethereum Name Service', INFRA, 11, 2],
  ['PYTH', 'Pyth Network', INFRA, 0.07, 2],
  ['THETA', 'Theta Network', INFRA, 0.35, 2],
  ['STORJ', 'Storj', INFRA, 0.17, 3],
  ['JASMY', 'JasmyCoin', INFRA, 0.009, 3],
  ['IOTX', 'IoTeX', INFRA, 0.012, 3],
  ['ANKR', 'Ankr', INFRA, 0.01, 3],
  ['W', 'Wormhole', INFRA, 0.05, 3],
  ['ZRO', 'LayerZero', INFRA, 1.4, 3],
  ['AXL', 'Axelar', INFRA, 0.15, 3],
  ['API3', 'API3', INFRA, 0.6, 3],
  ['BAND', 'Band Protocol', INFRA, 0.4, 3],
  ['GLM', 'Golem', INFRA, 0.22, 3],
  ['LPT', 'Livepeer', INFRA, 3.5, 3],
  ['RLC', 'iExec RLC', INFRA, 0.8, 3],
  ['SSV', 'SSV Network', INFRA, 4, 3],
  ['AIOZ', 'AIOZ Network', INFRA, 0.15, 3],
  ['POWR', 'Powerledger', INFRA, 0.08, 3],
  ['ARKM', 'Arkham', INFRA, 0.22, 3],
  ['ORDI', 'ORDI', INFRA, 4, 3],
  ['TWT', 'Trust Wallet Token', INFRA, 0.9, 3],
  ['SFP', 'SafePal', INFRA, 0.35, 3],
  // Artificial intelligence.
  ['TAO', 'Bittensor', AI, 280, 2],
  ['RENDER', 'Render', AI, 1.6, 2],
  ['FET', 'Artificial Superintelligence Alliance', AI, 0.25, 2],
  ['WLD', 'Worldcoin', AI, 0.6, 2],
  ['VIRTUAL', 'Virtuals Protocol', AI, 0.9, 3],
  ['KAITO', 'Kaito', AI, 0.6, 3],
  ['GRASS', 'Grass', AI, 0.35, 3],
  ['IO', 'io.net', AI, 0.3, 3],
  ['AKT', 'Akash Network', AI, 0.8, 3],
  ['NMR', 'Numeraire', AI, 12, 3],
  // Exchange tokens.
  ['BNB', 'BNB', EXCHANGE, 880, 1],
  ['CRO', 'Cronos', EXCHANGE, 0.1, 2],
  ['OKB', 'OKB', EXCHANGE, 110, 3],
  ['LEO', 'UNUS SED LEO', EXCHANGE, 9, 3],
  ['KCS', 'KuCoin Token', EXCHANGE, 10, 3],
  ['GT', 'GateToken', EXCHANGE, 10, 3],
  ['BGB', 'Bitget Token', EXCHANGE, 3.7, 3],
  // Meme coins.
  ['DOGE', 'Dogecoin', MEME, 0.15, 1],
  ['SHIB', 'Shiba Inu', MEME, 0.0000088, 2],
  ['PEPE', 'Pepe', MEME, 0.0000045, 2],
  ['BONK', 'Bonk', MEME, 0.0000095, 2],
  ['WIF', 'dogwifhat', MEME, 0.4, 2],
  ['FLOKI', 'FLOKI', MEME, 0.00005, 2],
  ['TRUMP', 'OFFICIAL TRUMP', MEME, 6, 2],
  ['PENGU', 'Pudgy Penguins', MEME, 0.012, 3],
  ['POPCAT', 'Popcat', MEME, 0.1, 3],
  ['BRETT', 'Brett', MEME, 0.02, 3],
  ['TURBO', 'Turbo', MEME, 0.002, 3],
  ['FARTCOIN', 'Fartcoin', MEME, 0.3, 3],
  ['SPX', 'SPX6900', MEME, 0.6, 3],
  ['PNUT', 'Peanut the Squirrel', MEME, 0.1, 3],
  ['MEW', 'cat in a dogs world', MEME, 0.002, 3],
  ['BOME', 'BOOK OF MEME', MEME, 0.001, 3],
  ['NEIRO', 'Neiro', MEME, 0.00015, 3],
  ['MEME', 'Memecoin', MEME, 0.0015, 3],
  // Gaming and metaverse.
  ['SAND', 'The Sandbox', GAMING, 0.16, 2],
  ['MANA', 'Decentraland', GAMING, 0.17, 2],
  ['AXS', 'Axie Infinity', GAMING, 1, 2],
  ['GALA', 'Gala', GAMING, 0.008, 2],
  ['APE', 'ApeCoin', GAMING, 0.3, 2],
  ['CHZ', 'Chiliz', GAMING, 0.035, 2],
  ['ENJ', 'Enjin Coin', GAMING, 0.035, 3],
  ['ILV', 'Illuvium', GAMING, 8, 3],
  ['BEAM', 'Beam', GAMING, 0.004, 3],
  ['RON', 'Ronin', GAMING, 0.2, 3],
  ['MAGIC', 'Treasure', GAMING, 0.1, 3],
  ['YGG', 'Yield Guild Games', GAMING, 0.08, 3],
  ['GMT', 'GMT (STEPN)', GAMING, 0.015, 3],
  ['SUPER', 'SuperVerse', GAMING, 0.3, 3],
  ['PIXEL', 'Pixels', GAMING, 0.02, 3],
  // Stablecoins.
  ['USDT', 'Tether', STABLE, 1, 4],
  ['USDC', 'USD Coin', STABLE, 1, 4],
  ['DAI', 'Dai', STABLE, 1, 4],
  ['PYUSD', 'PayPal USD', STABLE, 1, 4],
  ['FDUSD', 'First Digital USD', STABLE, 1, 5],
  ['TUSD', 'TrueUSD', STABLE, 1, 5],
  ['USDE', 'Ethena USDe', STABLE, 1, 5],
  ['USDS', 'USDS', STABLE, 1, 5],
  ['RLUSD', 'Ripple USD', STABLE, 1, 5],
  ['EURC', 'Euro Coin', STABLE, 1.16, 5],
];

/** Pairs quoted in ether on Binance. */
const ETH_QUOTED = ['BNB', 'LINK', 'UNI', 'AAVE', 'LDO', 'ARB', 'OP', 'POL'];

const EUR_PER_USD = 0.862;

/** Venues for coins the default venues (Coinbase for USD, Binance for USDT) do not list: [USD, USDT]. */
const VENUES: Record<string, readonly [string, string]> = {
  BNB: ['CRYPTO', 'BINANCE'],
  TRX: ['KRAKEN', 'BINANCE'],
  TON: ['KRAKEN', 'BINANCE'],
  XMR: ['KRAKEN', 'KRAKEN'],
  KAS: ['KRAKEN', 'KUCOIN'],
  HYPE: ['KRAKEN', 'BYBIT'],
  MNT: ['KRAKEN', 'BYBIT'],
  PI: ['CRYPTO', 'OKX'],
  OKB: ['CRYPTO', 'OKX'],
  LEO: ['BITFINEX', 'BITFINEX'],
  KCS: ['CRYPTO', 'KUCOIN'],
  GT: ['CRYPTO', 'GATEIO'],
  BGB: ['CRYPTO', 'BITGET'],
  XDC: ['CRYPTO', 'KUCOIN'],
  CORE: ['CRYPTO', 'BYBIT'],
  FLR: ['KRAKEN', 'BYBIT'],
  TWT: ['CRYPTO', 'BINANCE'],
  SFP: ['CRYPTO', 'BINANCE'],
  CAKE: ['KRAKEN', 'BINANCE'],
};

const QUOTE_NAMES: Record<string, string> = {
  USD: 'US Dollar',
  USDT: 'Tether',
  EUR: 'Euro',
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
};

function pair(coin: Coin, quote: string, price: number, venue: string): InstrumentSeed {
  const [code, name, category] = coin;
  const symbol = `${code}${quote}`;
  // Stablecoins trade tight; large caps tighter than the long tail.
  const [min, max] =
    category === STABLE ? [0.0001, 0.0003] : coin[4] <= 2 ? [0.0005, 0.0015] : [0.001, 0.003];
  const decimals = decimalsFor(price);
  const spread = atLeastOneTick(spreadFor(symbol, min, max), price, decimals);
  return {
    symbol,
    sy: `${code}/${quote}`,
    symbolDisplay: `${code}/${quote}`,
    name: `${name} / ${QUOTE_NAMES[quote] ?? quote}`,
    type: 'crypto',
    category,
    tvSymbol: `${venue}:${symbol}`,
    baseCurrency: code,
    quoteCurrency: quote,
    contractSize: 1,
    buySpread: spread,
    sellSpread: spread,
    leverage: 2,
    referencePrice: round(price, decimals),
    decimals,
    exchangeZone: 'UTC',
  };
}

export function cryptoInstruments(): InstrumentSeed[] {
  const btcUsd = COINS.find((c) => c[0] === 'BTC')?.[3] ?? 95000;
  const ethUsd = COINS.find((c) => c[0] === 'ETH')?.[3] ?? 3100;
  const out: InstrumentSeed[] = [];
  for (const coin of COINS) {
    const [code, , , usd, tier] = coin;
    const [usdVenue, usdtVenue] = VENUES[code] ?? ['COINBASE', 'BINANCE'];
    out.push(pair(coin, 'USD', usd, code === 'BTC' ? 'BITSTAMP' : usdVenue));
    if (tier <= 3) out.push(pair(coin, 'USDT', usd, usdtVenue));
    if (tier <= 2 || tier === 4) out.push(pair(coin, 'EUR', usd * EUR_PER_USD, 'KRAKEN'));
    if (tier === 1 && code !== 'BTC') out.push(pair(coin, 'BTC', usd / btcUsd, 'BINANCE'));
  }
  for (const code of ETH_QUOTED) {
    const coin = COINS.find((c) => c[0] === code);
    if (coin) out.push(pair(coin, 'ETH', coin[3] / ethUsd, 'BINANCE'));
  }
  return out;
}
