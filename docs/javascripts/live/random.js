/* Live pages: NumPy's random draws, a part of live.js loaded where an example draws (its MIRROR's parts: head width,
   the trained head, the whole model), or fetched when an entry first needs them (core.fromPart: positions' learned
   table, initialisation's weights). np.random.default_rng(seed) as the core calls it (head_width, initialisation,
   learning, language_model, sampling): numpy/random's bit_generator.pyx (SeedSequence), src/pcg64 (the 128-bit LCG,
   XSL-RR output) and distributions.c (random_standard_normal's ziggurat, next_double, the Lemire bounded integers),
   32-bit words as numbers, no BigInt. It adds core.defaultRng and core.scaledNormal. */
window.AttentionByHand.live.extend(function (core) {
  "use strict";
  const { scaledNormalSd } = core;
  var TWO32 = 4294967296;

  /** SeedSequence(seed).generate_state(4, uint64) as eight 32-bit words, lowest first: hashmix, mix, pool of 4. */
  function seedWords(seed) {
    var entropy = seed < TWO32 ? [seed] : [seed % TWO32, Math.floor(seed / TWO32)];
    var hashConstant = 0x43b0d7e5;
    function hashmix(value) {
      value = (value ^ hashConstant) >>> 0;
      hashConstant = Math.imul(hashConstant, 0x931e8875) >>> 0;
      value = Math.imul(value, hashConstant) >>> 0;
      return (value ^ (value >>> 16)) >>> 0;
    }
    function mix(x, y) {
      var result = (Math.imul(0xca01f9dd, x) - Math.imul(0x4973f715, y)) >>> 0;
      return (result ^ (result >>> 16)) >>> 0;
    }
    var pool = [0, 1, 2, 3].map(function (i) { return hashmix(i < entropy.length ? entropy[i] : 0); });
    pool.forEach(function (_, source) {
      pool.forEach(function (__, target) { if (source !== target) pool[target] = mix(pool[target], hashmix(pool[source])); });
    });
    var outConstant = 0x8b51f9dd, words = [];
    for (var i = 0; i < 8; i++) {
      var value = (pool[i % 4] ^ outConstant) >>> 0;
      outConstant = Math.imul(outConstant, 0x58f38ded) >>> 0;
      value = Math.imul(value, outConstant) >>> 0;
      words.push((value ^ (value >>> 16)) >>> 0);
    }
    return words;
  }

  // The ziggurat's tables (ziggurat_constants.h: ki_double, wi_double, fi_double), 256 layers. They were made in
  // more precision than a double has, so the recurrence below, in doubles, lands a few units in the last place
  // (ulps) away; each entry is then moved by the ulps listed (the difference to NumPy's table, found once; the
  // browser test compares the draws with NumPy's bit for bit). The recurrence uses its own exp and log, made of
  // IEEE arithmetic only, so that every browser makes the same doubles as the ones the corrections were found on.
  // A draw outside the layers' boxes (about 1 in 100) is then judged with the browser's Math.exp or Math.log1p,
  // which may round one ulp away from C's: only a uniform draw within an ulp of the bound (odds about 2^-52) differs.
  var ZIGGURAT_R = 3.654152885361009, ZIGGURAT_AREA = 0.004928673233974655, LN2_HIGH = 0.6931471803691238,
      LN2_LOW = 1.9082149292705877e-10;
  function powerOfTwo(k) { var p = 1; for (; k > 0; k--) p *= 2; for (; k < 0; k++) p /= 2; return p; }
  function tableExp(x) {
    var k = Math.round(x / (LN2_HIGH + LN2_LOW)), r = (x - k * LN2_HIGH) - k * LN2_LOW, total = 1;
    for (var n = 17; n > 0; n--) total = 1 + r * total / n;
    return total * powerOfTwo(k);
  }
  function tableLog(y) {
    var k = 0;
    while (y < 0.7071067811865476) { y *= 2; k--; }
    while (y > 1.4142135623730951) { y /= 2; k++; }
    var s = (y - 1) / (y + 1), s2 = s * s, total = 0;
    for (var n = 41; n > 1; n -= 2) total = (total + 1 / n) * s2;
    total = (total + 1) * s;
    return k * LN2_HIGH + (k * LN2_LOW + 2 * total);
  }
  // The ulps to move each entry by, one letter an entry ("n" none, "o" one up, "m" one down, ...): ki and fi from
  // the doubles these make of wi's x (NumPy's, once corrected), wi as differences from the entry before.
  var ZIGGURAT_ULPS = ["nnnnnonooooonnonnonnnononnnnnnnonnnonnnnnonnnnnnnnnonnonnononnnnnnnnnonnononnnnnnnnnnnoononnooonnnnnonnonnnnnnonnnnnnnnnnnnnonnnonnnnnononnonnoonnnnnoonononnoonnnonnoooononnnnnnoonnnnnnnnnnnnonoonnnnnnonnonnnnnnnnnnonnnnnononnnnnnoonnonnnnnnonnnnonnnnooonn",
    "humnnnnnnnnmpmnnomnnnomloonmlmnpmnnoononnomnnnnnnnnnnnnnnnnnnnonnnmnnnnnnnnnnnnnnnnnnnnnnononnnnmonmnnnnnmnnnnnnnoonnmnnnonnnnmmnnnnnonnomnommnnnnnnonnonnnoonnnnnonnomnnnnnooonnmnmmnmnmnmomolnnnnnnnnnmnnnnnnnnnnnnnmnonnnnnnnnnnnnnnmnnnmnnnnnnononnnnnnnnonm",
    "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnonnonnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnmnnmnnnnnnnnnnnnnnnnnnnnnnoonnononnnnonnnnnmnnnonnnnnnnnnnnnnnnnnnnnnnnnnnnnnmnnnnmnnmnnnnnnnnnnnnnnnnnnnnnnnnnnnnonmnnnnnnnnnnnnnnnonnnonmnnnnnmnnnonnnnnnnnnnnnnnnnnnnonnn"];
  var ZIGGURAT = (function () {
    var scale = powerOfTwo(52), x = ZIGGURAT_R, xs = new Float64Array(256), i, ulps = 0;
    var ki = new Float64Array(256), wi = new Float64Array(256), fi = new Float64Array(256);
    xs[0] = ZIGGURAT_AREA / tableExp(-0.5 * x * x); xs[255] = x;
    for (i = 254; i >= 1; i--) xs[i] = x = Math.sqrt(-2 * tableLog(ZIGGURAT_AREA / x + tableExp(-0.5 * x * x)));
    function moved(entries, j, by) { new BigInt64Array(entries.buffer)[j] += BigInt(by); }
    function ulp(which, j) { return ZIGGURAT_ULPS[which].charCodeAt(j) - 110; }
    for (i = 0; i < 256; i++) { wi[i] = xs[i] / scale; moved(wi, i, ulps += ulp(1, i)); xs[i] = wi[i] * scale; }
    ki[0] = Math.floor(xs[255] / xs[0] * scale) + ulp(0, 0); fi[0] = 1;
    for (i = 1; i < 256; i++) {
      if (i < 255) ki[i + 1] = Math.floor(xs[i] / xs[i + 1] * scale) + ulp(0, i + 1);
      fi[i] = tableExp(-0.5 * xs[i] * xs[i]); moved(fi, i, ulp(2, i));
    }
    return { ki: ki, wi: wi, fi: fi };
  })();

  /** np.random.default_rng(seed): PCG64 seeded through SeedSequence, and the Generator methods the core calls, each
      drawing in NumPy's order. The state is 128 bits as four 32-bit words, lowest first. */
  function defaultRng(seed) {
    var words = seedWords(seed), buffered = null;
    // Typed arrays hold the words: a closure's variable above 2^31 would be a new heap number at every draw.
    var state = new Uint32Array(4), increment = new Uint32Array(4), drawn = new Uint32Array(2); // lowest word first; drawn: [low, high]
    // pcg64_set_seed: the state's seed is words 0-3 (high 64 bits first), the stream words 4-7, doubled plus one.
    [6, 7, 4, 5].forEach(function (word, k) { increment[k] = (words[word] << 1) | (k ? words[[6, 7, 4][k - 1]] >>> 31 : 1); });
    /** state = state * 0x2360ED051FC65DA44385DF649FCCF645 + increment, mod 2^128 (pcg_setseq_128_step_r). */
    function step() {
      var s0 = state[0], s1 = state[1], s2 = state[2], m0 = 0x9fccf645, m1 = 0x4385df64, m2 = 0x1fc65da4;
      var l00 = Math.imul(s0, m0) >>> 0, l01 = Math.imul(s0, m1) >>> 0, l10 = Math.imul(s1, m0) >>> 0;
      var l02 = Math.imul(s0, m2) >>> 0, l11 = Math.imul(s1, m1) >>> 0, l20 = Math.imul(s2, m0) >>> 0;
      var carried = l00 + increment[0];
      state[0] = carried;
      carried = Math.round((s0 * m0 - l00) / TWO32) + l01 + l10 + increment[1] + Math.floor(carried / TWO32);
      state[1] = carried;
      carried = Math.round((s0 * m1 - l01) / TWO32) + Math.round((s1 * m0 - l10) / TWO32) + l02 + l11 + l20 +
        increment[2] + Math.floor(carried / TWO32);
      state[2] = carried;
      state[3] = Math.round((s0 * m2 - l02) / TWO32) + Math.round((s1 * m1 - l11) / TWO32) +
        Math.round((s2 * m0 - l20) / TWO32) + Math.imul(s0, 0x2360ed05) + Math.imul(s1, m2) + Math.imul(s2, m1) +
        Math.imul(state[3], m0) + increment[3] + Math.floor(carried / TWO32);
    }
    /** next_uint64 into drawn: a step, then XSL-RR: (high ^ low) of the state, rotated right by its top 6 bits. */
    function next64() {
      step();
      var h = state[3] ^ state[1], l = state[2] ^ state[0], turn = state[3] >>> 26;
      if (turn >= 32) { var t = h; h = l; l = t; turn -= 32; }
      if (turn) { drawn[1] = (h >>> turn) | (l << (32 - turn)); drawn[0] = (l >>> turn) | (h << (32 - turn)); }
      else { drawn[1] = h; drawn[0] = l; }
    }
    /** next_double: the top 53 bits over 2^53. */
    function nextDouble() { next64(); return (drawn[1] * 2097152 + (drawn[0] >>> 11)) / 9007199254740992; }
    /** next_uint32: the low half of a 64-bit draw, and its high half kept for the next call. */
    function next32() {
      if (buffered !== null) { var kept = buffered; buffered = null; return kept; }
      next64(); buffered = drawn[1]; return drawn[0];
    }
    /** random_standard_normal: the ziggurat on one 64-bit draw (8 bits layer, 1 bit sign, 52 bits magnitude). */
    function standardNormal() {
      for (;;) {
        next64();
        var low = drawn[0], layer = low & 0xff, magnitude = (drawn[1] & 0x1fffffff) * 8388608 + (low >>> 9);
        var x = magnitude * ZIGGURAT.wi[layer];
        if (low & 0x100) x = -x;
        if (magnitude < ZIGGURAT.ki[layer]) return x;
        if (layer === 0) {
          var tailSign = (low >>> 17) & 1;
          for (;;) {
            var xx = -0.2736612373297583 * Math.log1p(-nextDouble()), yy = -Math.log1p(-nextDouble());
            if (yy + yy > xx * xx) return tailSign ? -(ZIGGURAT_R + xx) : ZIGGURAT_R + xx;
          }
        }
        if ((ZIGGURAT.fi[layer - 1] - ZIGGURAT.fi[layer]) * nextDouble() + ZIGGURAT.fi[layer] < Math.exp(-0.5 * x * x)) return x;
      }
    }
    /** buffered_bounded_lemire_uint32: a whole number in [0, high), high below 2^32. */
    function bounded(below) {
      for (var threshold = -1;;) {
        var u = next32(), productLow = Math.imul(u, below) >>> 0;
        if (productLow >= below && threshold < 0) return Math.round((u * below - productLow) / TWO32);
        if (threshold < 0) threshold = (TWO32 - below) % below;
        if (productLow >= threshold) return Math.round((u * below - productLow) / TWO32);
      }
    }
    step(); // pcg_setseq_128_srandom_r: from state 0, a step, the seed added, a step
    for (var w = 0, carry = 0; w < 4; w++) { // the seed's words, lowest first: 2, 3, 0, 1
      var added = state[w] + words[(w + 2) % 4] + carry;
      state[w] = added; carry = Math.floor(added / TWO32);
    }
    step();
    function draws(count, draw) { var out = new Array(count); for (var k = 0; k < count; k++) out[k] = draw(); return out; }
    return {
      /** Generator.standard_normal(count), flat. */
      standardNormal: function (count) { return draws(count, standardNormal); },
      /** Generator.normal(loc, scale, count), flat: loc + scale * a standard normal draw. */
      normal: function (loc, scale, count) { return draws(count, function () { return loc + scale * standardNormal(); }); },
      /** Generator.random(): one double in [0, 1). */
      random: nextDouble,
      /** Generator.integers(high, size=count), flat: whole numbers in [0, high), drawn with Lemire's method. */
      integers: function (below, count) { return draws(count, function () { return below === 1 ? 0 : below === TWO32 ? next32() : bounded(below); }); }
    };
  }

  /** scaled_normal (attention_core/initialisation.py): a (rows, cols) matrix of normal draws with mean 0 and
      standard deviation scaled_normal_sd, row by row. */
  function scaledNormal(rng, rows, cols) {
    var flat = rng.normal(0, scaledNormalSd(rows, cols), rows * cols);
    return Array.from({ length: rows }, function (_, r) { return flat.slice(r * cols, (r + 1) * cols); }); // (rows, cols)
  }

  core.defaultRng = defaultRng;
  core.scaledNormal = scaledNormal;
});
