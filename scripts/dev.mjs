// npm run dev: the API with reload on :5000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    cwd: root,
    env,
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], { stdio: 'inherit', cwd: root, env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
