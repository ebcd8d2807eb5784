// Prints how long lossless parsing takes next to JSON.parse on a large answer full of big ids
// (target: well under 10x JSON.parse). Run: node --import tsx scripts/bench-json.ts
import { parseLossless } from '../shared/api/json';

const item =
  '{"pk":3776832898280228145,"id":"3776832898280228145_1234567","code":"DRqAYKuAIUx","taken_at":1700000000,' +
  '"fbid_v2":17841401474538262,"caption":{"text":"caption with \\"quotes\\" and 1234567890123456789"},' +
  '"image_versions2":{"candidates":[{"width":1080,"height":1350,"url":"https://scontent.cdninstagram.com/v/t51.2885-15/123_n.jpg?oe=6790ABCD"}]},' +
  '"like_count":12345,"lat":52.5200066}';
const big = `{"response":{"items":[${Array(3000).fill(item).join(',')}]},"next_page_id":"abc"}`;
const small = big.replace(/\d{16,}/g, '12345');

function median(f: () => void, runs = 21): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] ?? 0;
}

const kb = Math.round(big.length / 1024);
const plain = median(() => JSON.parse(big));
const lossless = median(() => parseLossless(big));
const fast = median(() => parseLossless(small));
console.log(`answer size:                   ${kb} KB (3000 media records)`);
console.log(`JSON.parse:                    ${plain.toFixed(1)} ms`);
console.log(`parseLossless (big ids):       ${lossless.toFixed(1)} ms (${(lossless / plain).toFixed(1)}x)`);
console.log(`parseLossless (fast path):     ${fast.toFixed(1)} ms`);
