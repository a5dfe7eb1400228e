// Random scenarios from a fixed seed, for the page's tests against the native binary (page.test.mjs,
// single_file.test.mjs), over every field that reaches a number: sizes within the
// limits, both modes, cross-attention, sinusoidal and RoPE positions (any base), QK-norm, shared
// and merged QK, normalised keys, masks, AttentionAlt, a target. Entries are full doubles, so a
// sum taken in another order (a SIMD reduction) or a libm that rounds otherwise shows in the last digit.
export function randomScenarios(count, seed) {
  let state = seed >>> 0;
  const random = () => {  // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const chance = (p) => random() < p;
  const pick = (...xs) => xs[int(0, xs.length - 1)];
  const matrix = (rows, cols) => {
    const short = chance(0.15);  // now and then one decimal: ties, zeros and repeated rows
    return Array.from({ length: rows }, () => Array.from({ length: cols }, () =>
      short ? Math.round(random() * 40 - 20) / 10 : (random() * 2 - 1) * pick(0.5, 1, 2, 4)));
  };
  const perHead = (heads, rows, cols) => Array.from({ length: heads }, () => matrix(rows, cols));
  const words = ["the", "cat", "sat", "on", "a", "mat", "and", "slept"];
  const scenarios = [];
  for (let k = 0; k < count; ++k) {
    const n = int(2, 8), d_model = int(2, 4), d_k = int(1, 4), heads = int(1, 4);
    const projected = chance(0.6), cross = chance(0.35), m = cross ? int(2, 8) : n;
    const qk_norm = chance(0.3);
    const positions = pick("none", "rope", ...(projected ? ["sinusoidal"] : []));
    const merged_qk = projected && positions !== "rope" && chance(0.25);
    const shared_qk = !merged_qk && !(cross && !projected) && chance(0.25);
    const options = {
      shared_qk, merged_qk, normalize_keys: !qk_norm && chance(0.3), qk_norm,
      scale: qk_norm ? "none" : pick("sqrt_dk", "none"),
      temperature: chance(0.5) ? 1 : Math.exp((random() * 2 - 1) * Math.log(100)) ,
      mask: { causal: chance(0.3), no_self: !cross && chance(0.3) },
      head_output: pick("attention", "alt"), positions,
    };
    if (positions !== "none" && chance(0.7)) options.position_base = chance(0.5) ? int(1, 1000000) : Math.exp(random() * Math.log(1e6));
    const s = { attnlab: 3, title: `random ${k}`, tokens: words.slice(0, n), d_model, d_k, heads, mode: projected ? "projected" : "direct" };
    if (cross) s.tokens_kv = Array.from({ length: m }, (_, j) => `kv${j}`);
    if (projected) {
      s.X = matrix(n, d_model);
      if (cross) s.X_kv = matrix(m, d_model);
      if (merged_qk) s.W = perHead(heads, d_model, d_model);
      else { s.W_Q = perHead(heads, d_model, d_k); s.W_K = perHead(heads, d_model, d_k); }
      s.W_V = perHead(heads, d_model, d_k);
    } else {
      s.Q = perHead(heads, n, d_k);
      s.K = perHead(heads, m, d_k);
      s.V = perHead(heads, m, d_k);
    }
    s.W_O = matrix(heads * d_k, d_model);
    if (chance(0.5)) s.W_alt = perHead(heads, d_k, d_k);
    if (qk_norm && chance(0.7)) s.qk_gain = Array.from({ length: heads }, () => (random() * 2 - 1) * 4);
    if (chance(0.8)) s.target = matrix(n, d_model);
    s.options = options;
    if (chance(0.3)) {  // sigmoid attention (version 5), its bias -ln m or one of its own; drawn last, so the rest is as before
      s.attnlab = 5;
      options.weights = "sigmoid";
      if (chance(0.5)) options.sigmoid_bias = (random() * 2 - 1) * 3;
    }
    scenarios.push(s);
  }
  return scenarios;
}
