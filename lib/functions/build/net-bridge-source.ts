import { BUILD_SOURCES } from './generated/sources';

/** The bridge's text (net-bridge.mjs), written beside the proxy's socket for each install step. */
export const netBridgeSource: string = BUILD_SOURCES['net-bridge.mjs'];

/** The port the bridge listens on inside the sandbox; HTTP(S)_PROXY and Maven's settings name it. */
export const REGISTRY_PROXY_PORT = 3128;
