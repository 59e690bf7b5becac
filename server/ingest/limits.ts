/**
 * The largest packet a device may send, over HTTP or MQTT, and the largest
 * ingest stores when an external broker delivers more (docs/ingest.md).
 */
export const MAX_PACKET_BYTES = 256 * 1024;
