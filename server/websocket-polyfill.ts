import WebSocket from 'ws';

// supabase-js builds a realtime client on creation and needs a WebSocket class;
// Node 22 has one built in, Node 20 does not.
if (typeof globalThis.WebSocket === 'undefined') {
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
}
