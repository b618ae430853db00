/**
 * Questions as members ask them in chat, whole sentences in their own words, each labelled with
 * the catalogue ids a helpful answer would lead with. An empty `expect` means the honest answer
 * is "nothing in the catalogue": another chain's tools, general programming, things we do not list.
 * Written from what people ask, not from the catalogue's wording; `npm run eval:questions` scores them.
 */
export interface LabelledQuestion {
  question: string;
  /** Any of these first is a correct top answer; empty: the search must say nothing matched. */
  expect: readonly string[];
}

/** Right first answers to launching a token: the token programs' clients and guides. */
const TOKEN_LAUNCH = [
  'token-extensions-docs',
  'solana-spl-token',
  'solana-program-token',
  'solana-program-token-2022',
  'spl-token-2022-crate',
  'gill',
];

export const QUESTIONS: readonly LabelledQuestion[] = [
  // Testing
  {
    question: 'how do I test my anchor program without spinning up a validator',
    expect: ['litesvm', 'mollusk', 'chainstack-litesvm-testing', 'litesvm-npm', 'anchor-litesvm'],
  },
  { question: 'whats the fastest way to run unit tests for a solana program', expect: ['litesvm', 'mollusk', 'litesvm-npm'] },
  { question: 'bankrun is deprecated, what should i use instead?', expect: ['litesvm'] },
  { question: 'how do i run a local solana cluster on my machine', expect: ['solana-test-validator', 'surfpool', 'agave-cli'] },
  { question: 'can I fork mainnet locally so my tests see real accounts', expect: ['surfpool', 'chainstack-surfpool'] },
  { question: 'any tool to benchmark the compute units of a single instruction?', expect: ['mollusk'] },
  { question: 'is there a tutorial on testing with litesvm', expect: ['chainstack-litesvm-testing', 'litesvm'] },
  // Programs and frameworks
  {
    question: 'what framework do people use to write solana programs in rust',
    expect: ['anchor', 'anchor-docs', 'anchor-lang-crate', 'pinocchio', 'steel', 'solana-program-crate'],
  },
  { question: 'how can i write a program with the smallest cu footprint and zero dependencies', expect: ['pinocchio'] },
  { question: 'lightweight alternative to anchor?', expect: ['steel', 'pinocchio'] },
  { question: 'where are the anchor docs', expect: ['anchor-docs'] },
  { question: 'upgrading from anchor 0.31 to 1.0, what changed?', expect: ['anchor-1-0-release-notes', 'anchor-0-31-release-notes'] },
  { question: 'how do i install avm and the anchor cli', expect: ['anchor'] },
  { question: 'example programs i can copy from', expect: ['program-examples'] },
  {
    question: 'generate a typescript client from my idl',
    expect: ['codama', 'anchor-ts-client', 'codama-cli', 'codama-renderers-js', 'codama-nodes-from-anchor'],
  },
  { question: 'go client for an anchor program', expect: ['anchor-go'] },
  // JavaScript and TypeScript
  { question: 'is web3.js still the thing or is there something newer', expect: ['solana-kit', 'solana-web3-js'] },
  { question: "i'm starting a new typescript project, which solana library should i use?", expect: ['solana-kit', 'gill'] },
  { question: 'simple high level ts library for token transfers', expect: ['gill'] },
  { question: 'how do i send spl tokens using kit', expect: ['solana-program-token', 'gill', 'solana-program-clients'] },
  // Launching a token: the token programs' clients and guides, not token data APIs that also say "token".
  {
    question: 'how do i launch a token',
    expect: TOKEN_LAUNCH,
  },
  {
    question: 'any no-code way to launch a token',
    expect: TOKEN_LAUNCH,
  },
  {
    question: 'i want to make my own memecoin',
    expect: TOKEN_LAUNCH,
  },
  { question: 'token 2022 js client', expect: ['solana-program-token-2022', 'solana-spl-token'] },
  {
    question: 'js sdk for minting nfts',
    expect: [
      'metaplex-umi',
      'mpl-core',
      'mpl-token-metadata',
      'metaplex-umi-core',
      'mpl-candy-machine',
      'mpl-core-candy-machine',
      'crossmint-server-sdk',
    ],
  },
  { question: 'typescript library for compressed nfts', expect: ['mpl-bubblegum'] },
  { question: 'what replaced @metaplex-foundation/js', expect: ['metaplex-umi', 'metaplex-umi-core'] },
  {
    question: 'library to build blinks for twitter',
    expect: ['solana-actions-sdk', 'dialect-blinks', 'actions-and-blinks', 'solana-actions-examples', 'solana-actions-spec'],
  },
  // Other languages
  { question: 'is there an sdk for dart?', expect: ['solana-dart'] },
  { question: 'flutter mobile wallet connection', expect: ['solana-mobile-client-dart', 'solana-mobile-wallet-dart'] },
  { question: 'python library to talk to the rpc', expect: ['solana-py'] },
  { question: 'python bindings for keypairs and transactions', expect: ['solders'] },
  { question: 'anchor client in python', expect: ['anchorpy', 'anchorpy3'] },
  { question: 'golang solana library', expect: ['solana-go', 'blocto-solana-go-sdk'] },
  { question: 'rust crate for calling rpc from a backend', expect: ['solana-client-rust', 'solana-rpc-client-rust'] },
  { question: 'native ios sdk in swift', expect: ['solana-swift', 'solanaswift-p2p'] },
  { question: 'kotlin sdk for an android app', expect: ['sol4k', 'solana-kotlin', 'mwa-kotlin-clientlib'] },
  { question: 'making a game in unity, how do i add solana', expect: ['solana-unity-sdk'] },
  { question: 'any java library?', expect: ['sol4k'] },
  // Wallets
  {
    question: 'how do i add a connect wallet button to my react app',
    expect: ['solana-wallet-adapter', 'cookbook-connect-wallet-react', 'wallet-ui', 'wallet-adapter-react-ui'],
  },
  { question: 'connect phantom from my website', expect: ['phantom-connect-sdk', 'solana-wallet-adapter', 'phantom-react-sdk'] },
  { question: 'walletconnect support for solana', expect: ['reown-appkit-solana', 'walletconnect-solana-adapter'] },
  {
    question: 'connect a mobile wallet from react native',
    expect: ['mwa-js', 'mwa-protocol-kit', 'mwa-protocol-web3js', 'wallet-adapter-mobile'],
  },
  { question: 'what interface do wallets implement so apps can find them', expect: ['wallet-standard', 'solana-wallet-standard-features'] },
  { question: 'wallet ui components that work with kit', expect: ['wallet-ui'] },
  // RPC and streaming
  { question: 'free rpc endpoint for devnet', expect: ['solana-public-rpc', 'ankr-solana-rpc', 'ankr-solana-rpc-urls'] },
  {
    question: 'which rpc providers are good for mainnet',
    expect: ['helius-rpc', 'quicknode-solana-rpc', 'triton-one', 'alchemy-solana-rpc'],
  },
  {
    question: 'stream account updates in real time over grpc',
    expect: ['yellowstone-grpc', 'helius-laserstream', 'quicknode-yellowstone-grpc', 'shyft-rpc-grpc'],
  },
  { question: 'geyser plugin for streaming', expect: ['yellowstone-grpc'] },
  // Asking what replaced something the results hold puts the replacement first, unless the question names it.
  { question: 'is there a newer sdk than web3.js that people use now', expect: ['solana-kit'] },
  // A framework question from an Ethereum developer names Ethereum's tools; the answer is Solana's framework.
  { question: "what's the solana equivalent of hardhat", expect: ['anchor', 'anchor-docs'] },
  // Long messages with context no entry names ("our dao", "for my hackathon"): listed as partial matches, not "nothing".
  {
    question: 'our dao needs a multisig for the treasury and we want to create proposals from a ts script',
    expect: ['squads-multisig-sdk', 'squads-api'],
  },
  {
    question: 'for my hackathon project, is there a starter that sets up nextjs + anchor + wallet stuff in one go',
    expect: ['create-solana-dapp', 'solana-developers-preset-next'],
  },
  // "sandwiched" is searched as the catalogue's "sandwich": the vocabulary's bridge must follow it there.
  { question: 'is there a swap api that protects me from getting sandwiched', expect: ['dflow-swap-api'] },
  { question: 'can i make go bindings from my anchor idl', expect: ['anchor-go'] },
  {
    question: 'best rpc for high throughput',
    expect: ['helius-rpc', 'quicknode-solana-rpc', 'triton-one', 'alchemy-solana-rpc', 'ankr-solana-rpc'],
  },
  {
    question: 'how to listen to account changes in real time',
    expect: ['yellowstone-grpc', 'helius-laserstream', 'quicknode-yellowstone-grpc', 'shyft-rpc-grpc', 'helius-rpc'],
  },
  // A local validator has no airdrop limits: the catalogue's answer to a faucet.
  { question: 'is there something like a faucet I can call from code', expect: ['solana-test-validator', 'agave-cli'] },
  { question: 'docs for the getAccountInfo rpc method', expect: ['solana-rpc-reference'] },
  // Found trying the product (stop 37): each got a false "nothing", as a timeout reads like general programming.
  {
    question: 'getProgramAccounts times out',
    expect: ['helius-rpc', 'solana-rpc-reference', 'quicknode-solana-rpc', 'triton-one', 'alchemy-solana-rpc'],
  },
  { question: 'how do I get all holders of an SPL token? getProgramAccounts times out', expect: ['helius-das-api', 'helius-rpc'] },
  { question: 'my rpc times out', expect: ['helius-rpc', 'quicknode-solana-rpc', 'triton-one', 'alchemy-solana-rpc', 'ankr-solana-rpc'] },
  { question: 'need full transaction history from genesis, archive node', expect: ['triton-one'] },
  { question: 'where does my helius api key go', expect: ['helius-rpc', 'helius-docs'] },
  // Market data
  {
    question: 'how do i get the usd price of a token',
    expect: ['jupiter-price-api', 'coingecko-api', 'birdeye-data-api', 'pyth-hermes', 'jupiter-token-price-guide', 'alchemy-prices-api'],
  },
  { question: 'on-chain price oracle', expect: ['pyth-hermes', 'pyth-hermes-client', 'pyth-solana-receiver', 'triton-hermes'] },
  { question: 'historical price data for charts', expect: ['birdeye-data-api', 'coingecko-api'] },
  { question: 'query dex trades with sql', expect: ['dune-api', 'dune-solana-data-catalog'] },
  { question: 'graphql api for solana data', expect: ['bitquery-solana-apis'] },
  { question: 'fetch all the nfts a wallet owns', expect: ['helius-das-api', 'metaplex-das-api-client', 'moralis-solana-api'] },
  { question: 'explorer to look up a transaction signature', expect: ['solana-explorer', 'solscan', 'solanafm', 'orb-explorer'] },
  // Swaps
  { question: 'how do I swap tokens from my code', expect: ['jupiter-swap-api', 'jupiter-api-client', 'dflow-swap-api'] },
  { question: 'quote api for the best swap route', expect: ['jupiter-swap-api', 'dflow-swap-api'] },
  { question: 'raydium swap through an api', expect: ['bloxroute-trader-api'] },
  { question: 'protect my swaps from sandwich attacks', expect: ['dflow-swap-api'] },
  // NFTs
  {
    question: 'mint nfts through an api without writing a program',
    expect: [
      'crossmint-minting-api',
      'underdog-protocol-api',
      'crossmint-nft-mint-quicknode',
      'crossmint-quicknode-mint-guide',
      'crossmint-create-collection-guide',
    ],
  },
  { question: 'airdrop nfts to users by their email address', expect: ['crossmint-minting-api'] },
  { question: 'candy machine docs', expect: ['metaplex-developer-hub', 'mpl-candy-machine', 'mpl-core-candy-machine'] },
  // Payments
  {
    question: 'accept usdc payments in my online store',
    expect: [
      'solana-pay',
      'stripe-stablecoin-payments',
      'moonpay-commerce-api',
      'coinflow-crypto-pay-ins',
      'moonpay-commerce-shopify-plugin',
      'circle-payment-intents',
    ],
  },
  { question: 'shopify plugin for crypto payments', expect: ['moonpay-commerce-shopify-plugin'] },
  { question: 'qr code payments at a point of sale', expect: ['solana-pay', 'solana-pay-js'] },
  { question: 'api to on-ramp fiat into usdc', expect: ['bridge-api'] },
  { question: 'move usdc from ethereum to solana', expect: ['circle-bridge-kit', 'circle-apis'] },
  {
    question: 'charge per api request in crypto',
    expect: [
      'x402-specification',
      'x402-on-solana',
      'x402-express',
      'x402-typescript-sdk',
      'x402-hono',
      'x402-next',
      'x402-paywall',
      'faremeter-middleware',
    ],
  },
  { question: 'what is x402?', expect: ['x402-specification', 'x402-on-solana'] },
  { question: 'http 402 middleware for express', expect: ['x402-express'] },
  { question: 'hosted x402 facilitator', expect: ['payai-facilitator', 'coinbase-x402'] },
  { question: 'fetch wrapper that pays 402 responses by itself', expect: ['x402-fetch', 'faremeter'] },
  { question: 'pay for rpc calls without an api key', expect: ['quicknode-x402-rpc'] },
  {
    question: 'can my ai agent get a prepaid card to buy stuff',
    expect: ['laso-finance-card-api'],
  },
  { question: 'multisig for our team treasury', expect: ['squads-multisig-sdk', 'squads-api'] },
  { question: 'let users pay transaction fees in usdc instead of sol', expect: ['kora'] },
  { question: 'sign transactions with aws kms', expect: ['solana-keychain', 'solana-keychain-ts', 'solana-keychain-python'] },
  { question: 'custodial wallets api for my backend', expect: ['circle-developer-controlled-wallets', 'circle-apis'] },
  // AI agents
  {
    question: 'mcp server for solana docs in cursor',
    expect: ['solana-developer-mcp', 'coding-with-agents', 'solana-mcp-official-source'],
  },
  { question: 'let an ai agent trade tokens', expect: ['solana-agent-kit', 'sendai-solana-mcp', 'solana-agent-kit-plugin-defi'] },
  { question: 'langchain tools for solana', expect: ['solana-agent-kit'] },
  { question: 'mcp server that can actually send transactions', expect: ['sendai-solana-mcp'] },
  { question: 'list of ai tools for solana', expect: ['awesome-solana-ai'] },
  { question: 'skill for claude code that knows solana', expect: ['solana-dev-skill', 'sendai-skills'] },
  { question: 'eliza plugin', expect: ['elizaos-plugin-solana'] },
  // Learning and community
  {
    question: "i'm new, where do i start learning solana development",
    expect: ['solana-developer-courses', 'ackee-school-of-solana', 'solana-docs', 'solana-cookbook'],
  },
  { question: 'free course with a certificate', expect: ['ackee-school-of-solana', 'ackee-school-of-solana-repo'] },
  { question: 'code snippets for common tasks', expect: ['solana-cookbook'] },
  { question: 'where can I ask questions if I get stuck', expect: ['solana-stack-exchange', 'solana-forum'] },
  {
    question: 'bootcamp lectures',
    expect: ['solana-bootcamp', 'solana-bootcamp-lectures-2022', 'developer-bootcamp-2024', 'pirate-bootcamp'],
  },
  { question: 'article explaining the das api', expect: ['helius-blog-das'] },
  { question: 'curated list of solana resources', expect: ['awesome-solana', 'awesome-solana-lucas-kohorst', 'awesome-solana-chaitanya5'] },
  { question: 'open source solana projects to learn from', expect: ['awesome-solana-oss', 'program-examples'] },
  // Docs and tools
  {
    question: 'how do transfer fees work with token extensions',
    expect: ['token-extensions-docs', 'spl-docs', 'spl-token-2022-crate', 'chainstack-token-extensions'],
  },
  { question: 'transfer hook interface docs', expect: ['spl-docs', 'token-extensions-docs', 'transfer-hook-interface'] },
  { question: 'how to run a validator', expect: ['agave-docs', 'agave-setup-validator'] },
  { question: 'publish my app to the solana dapp store', expect: ['dapp-store-cli'] },
  { question: 'scaffold a nextjs dapp', expect: ['create-solana-dapp', 'solana-developers-preset-next'] },
  {
    question: 'browser ide to deploy anchor without installing anything',
    expect: ['solana-playground', 'anchor-solana-playground-quickstart'],
  },
  { question: 'how do i install the solana cli', expect: ['agave-cli', 'agave-docs'] },
  { question: 'mobile development docs', expect: ['solana-mobile-docs'] },
  // Nothing in the catalogue
  { question: 'how do I deploy a smart contract on polygon', expect: [] },
  { question: 'best solidity tutorial', expect: [] },
  { question: 'ethereum gas price api', expect: [] },
  { question: 'how do i center a div in css', expect: [] },
  { question: 'telegram bot framework for node', expect: [] },
  { question: 'bitcoin lightning node setup', expect: [] },
  { question: "what's the best laptop for programming", expect: [] },
  { question: 'how to reverse a linked list', expect: [] },
  { question: 'aws lambda cold start tips', expect: [] },
  { question: 'cosmos sdk ibc relayer', expect: [] },
  { question: 'how do I write a hardhat test', expect: [] },
  { question: 'sui move tutorial', expect: [] },
  { question: 'docker compose file for postgres', expect: [] },
  { question: 'react native navigation library', expect: [] },
  { question: 'django rest framework authentication', expect: [] },
  // A second set, written later as a check on the first and measured once before any tuning on it
  {
    question: 'whats the go-to rpc if i need gRPC streaming of account changes',
    expect: ['yellowstone-grpc', 'helius-laserstream', 'quicknode-yellowstone-grpc', 'shyft-rpc-grpc', 'triton-one'],
  },
  { question: 'is bankrun still maintained', expect: ['solana-bankrun', 'litesvm'] },
  { question: 'need a typescript lib for token metadata nfts', expect: ['mpl-token-metadata', 'metaplex-umi'] },
  { question: 'best way to get historical swaps data for a token', expect: ['dune-api', 'bitquery-solana-apis', 'birdeye-data-api'] },
  { question: 'how can users pay me in usdc with a qr code', expect: ['solana-pay', 'solana-pay-js'] },
  { question: 'what does a blink need on my domain, actions.json?', expect: ['actions-and-blinks', 'solana-actions-sdk'] },
  { question: 'kotlin library to talk to mobile wallets', expect: ['mwa-kotlin-clientlib'] },
  { question: 'rust crate for token 2022 extensions', expect: ['spl-token-2022-crate'] },
  { question: 'python package to read pyth prices', expect: ['pyth-hermes', 'pyth-hermes-client'] },
  { question: 'where is the anchor typescript package now that coral-xyz is gone', expect: ['anchor-ts-client'] },
  { question: 'generate rust clients for my program', expect: ['codama', 'codama-renderers-rust', 'codama-cli'] },
  { question: 'local validator that can clone mainnet accounts on the fly', expect: ['surfpool'] },
  { question: 'how do i publish to the seeker dapp store', expect: ['dapp-store-cli'] },
  { question: 'expo template for a solana mobile app', expect: ['solana-mobile-expo-template'] },
  { question: 'what api gives me a swap quote with slippage', expect: ['jupiter-swap-api', 'jupiter-api-client', 'dflow-swap-api'] },
  { question: 'oracle price feeds on chain in my anchor program', expect: ['pyth-solana-receiver', 'pyth-hermes'] },
  {
    question: 'sdk for paying x402 invoices from a browser',
    expect: ['x402-fetch', 'x402-solana', 'faremeter', 'x402-axios', 'x402-typescript-sdk'],
  },
  {
    question: 'i want my api to require a usdc payment per call',
    expect: ['x402-express', 'x402-hono', 'x402-next', 'x402-specification', 'x402-on-solana', 'faremeter-middleware', 'x402-paywall'],
  },
  { question: 'who runs a facilitator i can use on mainnet', expect: ['payai-facilitator', 'coinbase-x402'] },
  { question: 'caip-2 network id for solana devnet in x402', expect: ['x402-on-solana'] },
  { question: 'multisig program id for squads v4', expect: ['squads-multisig-sdk', 'squads-api'] },
  {
    question: 'how to let my backend sign without keeping private keys on disk',
    expect: ['solana-keychain', 'turnkey-solana', 'solana-keychain-ts'],
  },
  { question: 'gas station / fee sponsorship for my app users', expect: ['kora', 'kora-ts-sdk'] },
  { question: 'api for creating stablecoin virtual bank accounts', expect: ['bridge-api', 'squads-grid'] },
  { question: 'cctp usdc transfer sdk', expect: ['circle-bridge-kit', 'circle-apis', 'circle-adapter-solana-kit'] },
  { question: 'mcp that can read balances and transactions, read only', expect: ['opensvm-solana-mcp-server', 'solana-dev-mcp-demo'] },
  { question: 'coingecko mcp server', expect: ['coingecko-mcp'] },
  {
    question: 'agent framework plugin for solana actions like staking',
    expect: ['solana-agent-kit', 'solana-agent-kit-plugin-misc', 'solana-agent-kit-plugin-defi', 'elizaos-plugin-solana'],
  },
  {
    question: 'recommended courses for learning anchor',
    expect: ['solana-developer-courses', 'ackee-school-of-solana', 'unboxed-solana-course', 'anchor-docs', 'developer-bootcamp-2024'],
  },
  { question: 'cookbook recipe for connecting a wallet in react', expect: ['cookbook-connect-wallet-react'] },
  { question: 'program security course', expect: ['solana-developer-courses', 'ackee-solana-book'] },
  { question: 'where can i find the spl docs now that spl.solana.com moved', expect: ['spl-docs'] },
  { question: 'agave install script', expect: ['agave-cli', 'agave-docs'] },
  { question: 'swift package for ios apps', expect: ['solana-swift', 'solanaswift-p2p'] },
  { question: 'dart package on pub', expect: ['solana-dart'] },
  { question: 'mainnet rpc url from solana itself', expect: ['solana-public-rpc'] },
  { question: 'alchemy solana endpoint format', expect: ['alchemy-solana-rpc'] },
  { question: 'helius webhooks for account changes', expect: ['helius-rpc', 'helius-sdk', 'helius-docs'] },
  { question: 'das getAssetsByOwner', expect: ['helius-das-api', 'metaplex-das-api-client'] },
  { question: 'mint compressed nfts cheaply with bubblegum', expect: ['mpl-bubblegum'] },
  { question: 'nocode nft minting with email delivery', expect: ['crossmint-minting-api'] },
  // Nothing in the catalogue (second set)
  { question: 'uniswap v3 liquidity math', expect: [] },
  { question: 'how do I learn haskell', expect: [] },
  { question: 'metamask snap development tutorial', expect: [] },
  { question: 'near protocol rust sdk', expect: [] },
  { question: 'best vpn for developers', expect: [] },
  { question: 'tailwind css dark mode', expect: [] },
  { question: 'how to file taxes on crypto gains', expect: [] },
  { question: 'aptos move prover', expect: [] },
  { question: 'git rebase vs merge', expect: [] },
  { question: 'ordinals inscriptions on bitcoin', expect: [] },
];
