/* SPDX-License-Identifier: MIT */
/* The oclhls commands that talk to boards on USB (cmd_devices.c, cmd_program.c). */
#ifndef OCLHLS_USB_CMDS_H
#define OCLHLS_USB_CMDS_H

#include <stddef.h>

/* oclhls devices: argv holds the arguments after the command name. Exit status. */
int oclhls_cmd_devices(int argc, char **argv);

/* oclhls program FILE [--flash] [--device SERIAL]. Exit status. */
int oclhls_cmd_program(int argc, char **argv);

/* One FT2232H board on USB, as libftdi reports it. */
struct oclhls_usb_board {
    char manufacturer[64], description[64], serial[64];
    int bus, address;
    int strings_ok; /* 0: the strings could not be read (permissions?) */
};

/* The FT2232H boards on USB, in the order libusb lists them (the order in which the usb
 * transport opens the first one). Returns how many (up to max are filled in), or -1 with a
 * message when USB cannot be enumerated. */
int oclhls_usb_boards(struct oclhls_usb_board *out, int max, char *err, size_t errlen);

/* The serial name of the co-simulated board (OCLHLS_USB_COSIM). */
#define OCLHLS_COSIM_SERIAL "cosim"

#endif
