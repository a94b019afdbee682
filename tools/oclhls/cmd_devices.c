// SPDX-License-Identifier: MIT
/*
 * oclhls devices: the FT2232H boards on USB (0x0403:0x6010, the iCEBreaker's and the HX8K
 * breakout's USB chip), the ULX3S boards (their FT231X, 0x0403:0x6015, whose product string
 * names the board: "ULX3S ...") and, with OCLHLS_USB_COSIM, the co-simulated board.
 */
#include <ftdi.h>
#include <libusb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oclhls_usb_cmds.h"
#include "strbuf.h"
#include "transport/uart/uart_cosim_port.h"
#include "transport/usb/cosim_port.h"
#include "transport/usb/ftdi_port.h"
#include "transport/usb/mpsse.h"

int oclhls_usb_boards(struct oclhls_usb_board *out, int max, char *err, size_t errlen)
{
    struct ftdi_context *f = ftdi_new();
    struct ftdi_device_list *list = NULL, *d;
    int n, i = 0;

    if (!f)
        return oclhls_fail(err, errlen, "libftdi: out of memory");
    n = ftdi_usb_find_all(f, &list, FTDI_VID, FTDI_PID_FT2232H);
    if (n < 0) {
        oclhls_fail(err, errlen, "cannot list USB devices: %s", ftdi_get_error_string(f));
        ftdi_free(f);
        return -1;
    }
    for (d = list; d && i < max; d = d->next, i++) {
        struct oclhls_usb_board *b = &out[i];

        memset(b, 0, sizeof(*b));
        b->bus = libusb_get_bus_number(d->dev);
        b->address = libusb_get_device_address(d->dev);
        /* opens the device: fails without permission to it (udev rules) */
        b->strings_ok = ftdi_usb_get_strings(f, d->dev, b->manufacturer, sizeof(b->manufacturer),
                                             b->description, sizeof(b->description), b->serial,
                                             sizeof(b->serial)) == 0;
        if (!b->strings_ok)
            snprintf(b->serial, sizeof(b->serial), "?");
    }
    ftdi_list_free(&list);
    ftdi_free(f);
    return n;
}

#define FTDI_PID_FT231X 0x6015

/* The ULX3S boards on USB, printed as rows of the table (header first when *shown is 0).
 * The runtime's uart transport drives them and loads their bitstream over JTAG through the
 * same chip (docs/boards.md, "ULX3S"). */
static void print_ulx3s(int *shown)
{
    struct ftdi_context *f = ftdi_new();
    struct ftdi_device_list *list = NULL;

    if (!f)
        return;
    if (ftdi_usb_find_all(f, &list, FTDI_VID, FTDI_PID_FT231X) > 0)
        for (struct ftdi_device_list *d = list; d; d = d->next) {
            char manufacturer[64] = "", description[64] = "", serial[64] = "?", where[16];
            int ok =
                ftdi_usb_get_strings(f, d->dev, manufacturer, sizeof(manufacturer), description,
                                     sizeof(description), serial, sizeof(serial)) == 0;

            if (ok && !strstr(description, "ULX3S"))
                continue; /* another FT231X: a serial cable, not a board */
            snprintf(where, sizeof(where), "%03d:%03d", libusb_get_bus_number(d->dev),
                     libusb_get_device_address(d->dev));
            if (!*shown)
                printf("%-16s %-8s %-24s %s\n", "SERIAL", "USB", "DESCRIPTION", "MANUFACTURER");
            printf("%-16s %-8s %-24s %s\n", serial, where,
                   ok ? description : "FT231X (strings unreadable)",
                   ok ? "ULX3S (FT231X: UART link, JTAG)" : "no permission? see udev rules");
            (*shown)++;
        }
    ftdi_list_free(&list);
    ftdi_free(f);
}

/* The co-simulated ULX3S (OCLHLS_UART_COSIM) is there when its slave library starts; an
 * "unplugged" one is not. */
static int uart_cosim_there(const char *spec, char *err, size_t errlen)
{
    struct uart_port port = {0};
    uint64_t clk_hz = 0;
    uint8_t byte = 0;
    int ok;

    if (uart_cosim_port_open(spec, &port, &clk_hz, err, errlen))
        return 0;
    /* an unplugged board fails every call */
    ok = port.write(port.ctx, &byte, 0, err, errlen) == 0;
    port.close(port.ctx);
    return ok;
}

/* The co-simulated board answers when its MPSSE model echoes a bad opcode (mpsse_sync). */
static int cosim_answers(const char *spec, char *err, size_t errlen)
{
    struct usb_link_port port = {0};
    struct mpsse_buf b = {0};
    uint8_t echo[2] = {0};
    int ok;

    if (usb_cosim_port_open(spec, &port, err, errlen))
        return 0;
    mpsse_sync(&b);
    ok = !b.oom && port.write(port.ctx, b.data, b.len, err, errlen) == 0 &&
         port.read(port.ctx, echo, 2, err, errlen) == 0 && echo[0] == MPSSE_BAD_COMMAND &&
         echo[1] == MPSSE_SYNC_OPCODE;
    mpsse_buf_free(&b);
    port.close(port.ctx);
    return ok;
}

int oclhls_cmd_devices(int argc, char **argv)
{
    struct oclhls_usb_board boards[16];
    const char *cosim = getenv("OCLHLS_USB_COSIM"), *uart_cosim = getenv("OCLHLS_UART_COSIM");
    char err[256] = "", cosim_err[256] = "";
    int n, shown = 0, cosim_ok = 0;

    if (argc > 0) {
        fprintf(stderr, "oclhls devices: unexpected argument '%s' (see oclhls --help)\n", argv[0]);
        return 2;
    }
    n = oclhls_usb_boards(boards, 16, err, sizeof(err));
    if (n < 0) {
        fprintf(stderr, "oclhls devices: %s\n", err);
        return 1;
    }
    if (cosim && *cosim)
        cosim_ok = cosim_answers(cosim, cosim_err, sizeof(cosim_err));
    if (n > 0)
        printf("%-16s %-8s %-24s %s\n", "SERIAL", "USB", "DESCRIPTION", "MANUFACTURER");
    for (int i = 0; i < n && i < 16; i++) {
        char where[16];

        snprintf(where, sizeof(where), "%03d:%03d", boards[i].bus, boards[i].address);
        printf("%-16s %-8s %-24s %s\n", boards[i].serial, where,
               boards[i].strings_ok ? boards[i].description : "(strings unreadable)",
               boards[i].strings_ok ? boards[i].manufacturer : "no permission? see udev rules");
        shown++;
    }
    print_ulx3s(&shown);
    if (cosim_ok) {
        if (!shown && !n)
            printf("%-16s %-8s %-24s %s\n", "SERIAL", "USB", "DESCRIPTION", "MANUFACTURER");
        printf("%-16s %-8s %-24s %s\n", OCLHLS_COSIM_SERIAL, "-", "co-simulated board", cosim);
        shown++;
    } else if (cosim && *cosim) {
        fprintf(stderr,
                "oclhls devices: the co-simulated board (OCLHLS_USB_COSIM=%s) does not "
                "answer: %s\n",
                cosim, cosim_err);
    }
    if (uart_cosim && *uart_cosim) {
        if (uart_cosim_there(uart_cosim, cosim_err, sizeof(cosim_err))) {
            if (!shown)
                printf("%-16s %-8s %-24s %s\n", "SERIAL", "USB", "DESCRIPTION", "MANUFACTURER");
            printf("%-16s %-8s %-24s %s\n", OCLHLS_COSIM_SERIAL, "-", "co-simulated ULX3S",
                   uart_cosim);
            shown++;
        } else {
            fprintf(stderr,
                    "oclhls devices: the co-simulated ULX3S (OCLHLS_UART_COSIM=%s) is not "
                    "there: %s\n",
                    uart_cosim, cosim_err);
        }
    }
    if (!shown)
        printf("no boards found\n");
    return 0;
}
