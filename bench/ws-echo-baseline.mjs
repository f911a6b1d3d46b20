// The baseline of the realtime benchmark: a bare `ws` server that greets and echoes, nothing else.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (socket) => {
  socket.send('{"type":"init","data":{"client_id":"x"}}');
  socket.on('message', (data) => socket.send(data));
});
wss.on('listening', () => process.send?.('ready'));
