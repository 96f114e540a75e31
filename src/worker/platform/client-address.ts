/**
 * The address a request came from: Cloudflare's CF-Connecting-IP (which the edge always sets, so a
 * client cannot choose it), X-Real-IP behind another proxy, else loopback (`wrangler dev`).
 */
export function clientAddress(headers: Headers): string {
  return headers.get('CF-Connecting-IP') ?? headers.get('X-Real-IP') ?? '127.0.0.1';
}

/**
 * The address as a throttle counts it: an IPv4 address whole, an IPv6 one by its /64 (one
 * household or server holds a whole /64, so counting single IPv6 addresses counts nothing).
 */
export function addressGroup(ip: string): string {
  if (!ip.includes(':')) return ip;
  const last = ip.slice(ip.lastIndexOf(':') + 1);
  if (last.includes('.')) return last; // IPv4-mapped (::ffff:192.0.2.1)
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
