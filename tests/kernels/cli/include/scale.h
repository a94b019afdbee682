// SPDX-License-Identifier: MIT
#define SCALED(v) ((v) * SCALE + OFFSET)
#define OFFSET 7
