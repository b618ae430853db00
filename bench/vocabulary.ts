import type { Kind } from '../src/catalogue/schema.js';

/** Word pools for synthetic entries, drawn from the shapes of real Solana resource names and blurbs. */

export const BRAND_START = [
  'Hel', 'Jup', 'Or', 'Mar', 'Ray', 'Dri', 'Kam', 'Pho', 'Bon', 'Tens', 'Mag', 'Lum', 'Zet', 'Pyr', 'Quar', 'Vex', 'Nov',
  'Astr', 'Cyp', 'Sab', 'Tri', 'Flux', 'Gal', 'Hyd', 'Ion', 'Kai', 'Lyr', 'Mer', 'Nim', 'Oct', 'Pax', 'Rho', 'Sig', 'Tal',
  'Umb', 'Val', 'Wis', 'Xen', 'Yor', 'Zeph', 'Bri', 'Cor', 'Del', 'Ech', 'Fer', 'Gri', 'Hal', 'Jas', 'Kor', 'Lex',
];
export const BRAND_MIDDLE = ['i', 'a', 'o', 'e', 'u', 'ar', 'en', 'ix', 'or', 'el', 'an', 'ul', ''];
export const BRAND_END = ['us', 'ium', 'a', 'ex', 'on', 'ix', 'ly', 'ora', 'ent', 'is', 'o', 'ara', 'yn', 'ite', 'um', 'ir'];

export const PRODUCTS: readonly (readonly [string, Kind])[] = [
  ['Swap API', 'API'], ['Price API', 'API'], ['RPC', 'API'], ['NFT API', 'API'], ['Data API', 'API'], ['Webhooks', 'API'],
  ['Payments API', 'API'], ['Streaming', 'API'], ['SDK', 'SDK'], ['JS SDK', 'SDK'], ['Rust SDK', 'SDK'], ['Python SDK', 'SDK'],
  ['Client', 'SDK'], ['Wallet Adapter', 'SDK'], ['Kit', 'SDK'], ['CLI', 'TOOL'], ['Validator', 'TOOL'], ['Test Runner', 'TOOL'],
  ['Explorer', 'APP'], ['Wallet', 'APP'], ['Playground', 'APP'], ['Dashboard', 'PRODUCT'], ['Checkout', 'PRODUCT'],
  ['Launchpad', 'PRODUCT'], ['MCP Server', 'PRODUCT'], ['Oracle', 'PRODUCT'], ['Docs', 'DOCS'], ['Guide', 'DOCS'],
  ['Reference', 'DOCUMENTATION'], ['Handbook', 'DOCUMENTATION'], ['Codegen', 'TOOLING'], ['Linter', 'TOOLING'],
  ['Scaffold', 'TOOLING'], ['Examples', 'GITHUB'], ['Template', 'REPO'], ['Monorepo', 'REPO'], ['Blog', 'ARTICLE'],
  ['Tutorial', 'ARTICLE'], ['Portal', 'WEBSITE'], ['Academy', 'WEBSITE'],
];

export const MAKER_SUFFIX = ['Labs', 'Foundation', 'Protocol', 'Network', 'Inc', 'Studio', 'Systems', ''];

export const TAGS = [
  'rust', 'typescript', 'javascript', 'python', 'go', 'kotlin', 'swift', 'dart', 'unity', 'react', 'defi', 'nft', 'payments',
  'rpc', 'websocket', 'grpc', 'testing', 'cli', 'wallet', 'oracle', 'prices', 'swap', 'staking', 'lending', 'perps', 'tokens',
  'token-2022', 'compression', 'indexing', 'analytics', 'mcp', 'ai', 'agents', 'x402', 'stablecoins', 'usdc', 'mobile',
  'ios', 'android', 'security', 'audit', 'governance', 'multisig', 'bridge', 'gaming', 'identity', 'storage', 'streaming',
  'webhooks', 'explorer', 'ide', 'education', 'scaffolding', 'codegen', 'idl', 'anchor', 'native', 'pinocchio', 'validator',
];

export const VERBS = ['Build', 'Query', 'Stream', 'Index', 'Sign', 'Send', 'Test', 'Deploy', 'Monitor', 'Mint', 'Swap', 'Fetch', 'Verify', 'Simulate', 'Generate'];
export const OBJECTS = [
  'transactions', 'accounts', 'token balances', 'NFT collections', 'price feeds', 'swap quotes', 'program logs', 'stablecoin payments',
  'validator metrics', 'compressed NFTs', 'wallet connections', 'priority fees', 'program clients', 'IDL files', 'staking rewards',
  'lending positions', 'perpetual orders', 'governance proposals', 'multisig approvals', 'cross-chain transfers', 'game assets',
];
export const QUALITIES = ['fast', 'typed', 'hosted', 'open-source', 'lightweight', 'production-ready', 'modular', 'low-latency', 'self-hosted', 'battle-tested', 'zero-dependency', 'beginner-friendly'];
export const CONTEXTS = ['on mainnet and devnet', 'from the browser', 'in local tests', 'for AI agents', 'with webhooks', 'over gRPC', 'from React Native', 'in CI pipelines', 'with Anchor programs', 'for merchants'];
export const LANGUAGES = ['Rust', 'TypeScript', 'Python', 'Go', 'Kotlin', 'Swift', 'Dart', 'C#', 'Java'];
export const CATEGORIES = ['Hosted APIs', 'SDKs', 'Testing', 'Frameworks', 'Wallets', 'Payments', 'Data and indexing', 'AI and agents', 'Learning', 'Tooling', 'Mobile', 'DeFi'];
