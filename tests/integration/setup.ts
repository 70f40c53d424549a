import '../../server/websocket-polyfill';
