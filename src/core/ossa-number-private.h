/* SPDX-License-Identifier: MIT */
/* The core's own number reading, below ossa-number.h: the one C locale object of
 * libossa, and the decimal parsers the SMD reader runs on spans of its buffer (no
 * NUL needed). Nothing here allocates except the locale, made once and kept for
 * the life of the process. Not installed.
 *
 * Decimals: the Clinger fast path. A decimal of at most 15 significant digits is
 * an integer mantissa m < 10^15 < 2^53, exact in a double; 10^k for |k| <= 22 is
 * exact too; so m · 10^k or m / 10^k is one correctly rounded operation, the same
 * double strtod gives. Everything else (more digits, big exponents, hex, inf, nan)
 * goes to strtod_l in the C locale, whatever the process locale is. */
#pragma once

#include <locale.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The C locale, made on first use (thread-safe) and never changed or freed: it is
 * not state a caller could observe, only a handle POSIX makes us allocate.
 * (locale_t) 0 when it could not be made. */
locale_t _ossa_c_locale (void);

/* The decimal that is exactly s[0, len), finite, into *out; false for anything
 * else (empty, trailing bytes, out of range). buf_end is the end of the buffer s
 * lies in: the byte at s + len is read (never part of a number there) unless it is
 * buf_end. */
bool _ossa_number_parse_span (const char *s, size_t len, const char *buf_end, double *out);

/* A whole decimal integer s[0, len), optionally signed, in int32 range. */
bool _ossa_number_parse_int32 (const char *s, size_t len, int32_t *out);

/* 10^0 to 10^22, every one exact in a double. */
static const double _ossa_pow10[23] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static const uint64_t _ossa_pow10_u64[9] = {
  1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};

/* How many ASCII digits the 8 bytes at p start with, and (into *value) the number
 * they make: eight bytes tested and converted at once instead of a multiply-add
 * chain a digit long (SWAR, as in Lemire's number parsers). A carry out of a byte
 * that is no digit can only spoil the bytes after it, which no longer count. */
static inline int
_ossa_number_leading_digits8 (const char *p, uint64_t *value)
{
  const uint64_t high = 0xF0F0F0F0F0F0F0F0u, zeros = 0x3030303030303030u;
  uint64_t x, not_digit;
  int n;

  memcpy (&x, p, sizeof x);
  not_digit = ((x & high) ^ zeros) | (((x + 0x0606060606060606u) & high) ^ zeros);
  n = not_digit != 0 ? __builtin_ctzll (not_digit) / 8 : 8;
  if (n == 0)
    {
      *value = 0;
      return 0;
    }
  /* The first character is the lowest byte: move the digits up so that the
   * conversion sees n digits behind leading zeros. */
  x = (x << (8 * (8 - n))) & 0x0F0F0F0F0F0F0F0Fu;
  x = (x * 2561) >> 8;
  x = ((x & 0x00FF00FF00FF00FFu) * 6553601) >> 16;
  *value = ((x & 0x0000FFFF0000FFFFu) * 42949672960001u) >> 32;
  return n;
}

/* Appends the run of digits at *pp to m; returns how many there were (stopping
 * after 24, which no exact double needs). */
static inline int
_ossa_number_read_digit_run (const char **pp, const char *end, uint64_t *m)
{
  const char *s = *pp;
  int total = 0;

  for (;;)
    {
      uint64_t v;
      int n;

      if (end - s < 8)
        break;
      n = _ossa_number_leading_digits8 (s, &v);
      *m = *m * _ossa_pow10_u64[n] + v;
      s += n;
      total += n;
      if (n < 8 || total >= 24)
        {
          *pp = s;
          return total;
        }
    }
  for (; s < end && (unsigned) (*s - '0') < 10 && total < 24; s++, total++)
    *m = *m * 10 + (uint64_t) (*s - '0');
  *pp = s;
  return total;
}

/* A plain decimal at *pp ending in a space, tab or line end: the common case,
 * read in the same pass that finds its end. False (nothing consumed) for
 * anything else, which the general path then reads. Exact when the digits make
 * an integer below 2^53 and the fraction is at most 22 digits: one correctly
 * rounded division of two exact doubles (Clinger's fast path). Inline: the SMD
 * reader calls it six times a bone line. */
static inline bool
_ossa_number_fast_decimal (const char **pp, const char *end, double *out)
{
  const char *s = *pp, *start;
  uint64_t m = 0;
  int digits, frac = 0;
  bool neg = false;

  if (s < end && *s == '-')
    {
      neg = true;
      s++;
    }
  start = s;
  digits = _ossa_number_read_digit_run (&s, end, &m);
  if (s < end && *s == '.')
    {
      s++;
      frac = _ossa_number_read_digit_run (&s, end, &m);
      if (digits == 0 && frac == 0)
        return false;   /* "." or "-." */
      digits += frac;
    }
  /* 19 digits cannot overflow m; 2^53 keeps it exact as a double. */
  if (s == start || digits > 19 || m > (UINT64_C (1) << 53) || frac > 22
      || (s < end && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r'))
    return false;
  *out = m == 0 ? 0.0 : (double) m / _ossa_pow10[frac];
  if (neg)
    *out = -*out;
  *pp = s;
  return true;
}
