// SPDX-License-Identifier: MIT
/*
 * The memory-system diagram of the report: inline SVG laid out from the model's
 * "memory_system" alone. A kernel is a frame (dashed when autorun) holding its ports, the
 * units of one kind that reach one memory (grouped, so a kernel of a thousand accesses stays
 * a few boxes). Ports onto a memory in block RAM face that memory; ports onto global memory
 * face the kernel's arbiter, which joins the system's arbiter in front of global memory;
 * channel ports reach out to lanes on the left, one per channel, from writer to reader.
 * Every connection is a straight horizontal line, so nothing crosses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define PORT_W 260 /* a port box */
#define PORT_H 22
#define PITCH 28     /* from one port to the next */
#define GROUP_MIN 40 /* a group's height at least: its memory or arbiter box */
#define GROUP_GAP 12
#define TITLE_H 34
#define FRAME_GAP 18
#define TARGET_W 220 /* a memory box; the arbiter takes ARB_W of it */
#define ARB_W 110
#define LANE_W 18 /* a channel lane */
#define BAR_W 24  /* the system arbiter */
#define BAR_MIN_H 110
#define MEM_W 180    /* global memory */
#define LABEL_MAX 44 /* characters of a port's label */

static const cJSON *item(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* Which group a port belongs to: a memory in block RAM, a channel, or the global bus. */
enum group { G_MEMORY, G_BUS, G_CHANNEL };

static enum group group_of(const cJSON *port, int *memory)
{
    const char *t = report_str(port, "target", "");
    if (!strncmp(t, "memory ", 7)) {
        *memory = (int)strtol(t + 7, NULL, 10);
        return G_MEMORY;
    }
    return !strncmp(t, "channel ", 8) ? G_CHANNEL : G_BUS;
}

/* The height of a group of n ports. */
static int group_h(int n, int boxed)
{
    int h = n * PITCH - (PITCH - PORT_H);
    return boxed && h < GROUP_MIN ? GROUP_MIN : h;
}

struct layout {
    int gutter; /* the channel lanes, left of the rest (drawn from x 0, then moved) */
    int frame_x, frame_w, target_x, bar_x, mem_x, width, height;
    int bar_top, bar_bottom; /* the arbiters' lines reach the bar between these */
    int nlanes;
};

/* Counts the ports of kernel k in group g (and memory m). */
static int count_ports(const cJSON *k, enum group g, int m)
{
    const cJSON *p;
    int n = 0, pm = -1;
    cJSON_ArrayForEach(p, item(k, "ports"))
    {
        if (group_of(p, &pm) == g && (g != G_MEMORY || pm == m))
            n++;
    }
    return n;
}

/* The frame height of a kernel: its title, then its groups. */
static int frame_h(const cJSON *k)
{
    const cJSON *m;
    int h = TITLE_H, groups = 0;
    cJSON_ArrayForEach(m, item(k, "memories"))
    {
        h += group_h(count_ports(k, G_MEMORY, (int)report_num(m, "index", 0)), 1) + GROUP_GAP;
        groups++;
    }
    if (count_ports(k, G_BUS, 0)) {
        h += group_h(count_ports(k, G_BUS, 0), 1) + GROUP_GAP;
        groups++;
    }
    if (count_ports(k, G_CHANNEL, 0)) {
        h += group_h(count_ports(k, G_CHANNEL, 0), 0) + GROUP_GAP;
        groups++;
    }
    return groups ? h + 4 : h + 24; /* room for "no memory ports" */
}

static void text(struct oclhls_strbuf *o, int x, int y, const char *attrs, const char *s)
{
    oclhls_strbuf_printf(o, "<text x=\"%d\" y=\"%d\" %s>", x, y, attrs);
    report_escape(o, s);
    oclhls_strbuf_puts(o, "</text>\n");
}

/* The label of a port, shortened to fit its box, with its count. */
static void port_label(struct oclhls_strbuf *o, const cJSON *p, int x, int y)
{
    char label[LABEL_MAX + 16];
    const char *l = report_str(p, "label", "?");
    int count = (int)report_num(p, "count", 1);
    size_t n = strlen(l);
    if (n > LABEL_MAX - 6) {
        snprintf(label, sizeof(label), "%.*s...", LABEL_MAX - 9, l);
    } else {
        snprintf(label, sizeof(label), "%s", l);
    }
    oclhls_strbuf_printf(o, "<text x=\"%d\" y=\"%d\" class=\"pl\">", x, y);
    report_escape(o, label);
    if (count > 1)
        oclhls_strbuf_printf(o, " &#215;%d", count);
    oclhls_strbuf_puts(o, "</text>\n");
}

/* A port's tooltip: its units' lines. */
static void port_title(struct oclhls_strbuf *o, const cJSON *p)
{
    const cJSON *l;
    int n = 0;
    oclhls_strbuf_puts(o, "<title>");
    report_escape(o, report_str(p, "label", "?"));
    oclhls_strbuf_puts(o, " (");
    report_escape(o, report_str(p, "target", "?"));
    oclhls_strbuf_puts(o, "): line");
    oclhls_strbuf_puts(o, cJSON_GetArraySize(item(p, "lines")) > 1 ? "s " : " ");
    cJSON_ArrayForEach(l, item(p, "lines"))
    {
        if (n == 40) {
            oclhls_strbuf_puts(o, ", ...");
            break;
        }
        oclhls_strbuf_printf(o, n++ ? ", %.0f" : "%.0f", l->valuedouble);
    }
    oclhls_strbuf_puts(o, "</title>");
}

/* Draws the ports of one group from y; returns the group's height. Each port's centre is
   recorded in ys (channel ports: for the lanes). */
static int draw_group(struct oclhls_strbuf *o, const struct layout *L, const cJSON *k, enum group g,
                      int m, int y, int target_x)
{
    const cJSON *p;
    int n = count_ports(k, g, m), h = group_h(n, g != G_CHANNEL), pm = -1;
    int py = y + (h - group_h(n, 0)) / 2, px = L->frame_x + 16;
    cJSON_ArrayForEach(p, item(k, "ports"))
    {
        if (group_of(p, &pm) != g || (g == G_MEMORY && pm != m))
            continue;
        const char *cls = report_str(p, "class", "coalescing");
        const char *color = report_class_color(cls);
        int cy = py + PORT_H / 2;
        oclhls_strbuf_printf(o, "<g class=\"port-group\">");
        port_title(o, p);
        oclhls_strbuf_printf(o,
                             "<rect class=\"port %s c-%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
                             "height=\"%d\" rx=\"3\" fill=\"%s\" fill-opacity=\"0.14\" "
                             "stroke=\"%s\"/>\n",
                             g == G_MEMORY ? "bram"
                             : g == G_BUS  ? "lsu"
                                           : "stream",
                             cls, px, py, PORT_W, PORT_H, color, color);
        oclhls_strbuf_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"5\" height=\"%d\" fill=\"%s\"/>\n",
                             px, py, PORT_H, color);
        port_label(o, p, px + 11, py + 15);
        oclhls_strbuf_puts(o, "</g>\n");
        if (g != G_CHANNEL) /* to its memory or the arbiter */
            oclhls_strbuf_printf(o,
                                 "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                                 "stroke-width=\"1.5\"/>\n",
                                 px + PORT_W, cy, target_x, cy, color);
        py += PITCH;
    }
    return h;
}

/* "1088 B", "256 KiB" */
static void bytes_text(char *buf, size_t size, double bytes)
{
    if (bytes >= 10240)
        snprintf(buf, size, "%.0f KiB", bytes / 1024);
    else
        snprintf(buf, size, "%.0f B", bytes);
}

static void memory_box(struct oclhls_strbuf *o, const cJSON *m, int x, int y, int h)
{
    char line2[160], bytes[32];
    double copies = report_num(m, "copies", 1), blocks = report_num(m, "block_rams", 0);
    bytes_text(bytes, sizeof(bytes), report_num(m, "bytes", 0));
    snprintf(line2, sizeof(line2), "%s x %.0f cop%s, %.0f block RAM%s", bytes, copies,
             copies == 1 ? "y" : "ies", blocks, blocks == 1 ? "" : "s");
    oclhls_strbuf_puts(o, "<g><title>");
    report_escape(o, report_str(m, "name", "?"));
    oclhls_strbuf_printf(o, ": %.0f bytes, %.0f bank%s, %.0f copies, %.0f block RAMs</title>",
                         report_num(m, "bytes", 0), report_num(m, "banks", 1),
                         report_num(m, "banks", 1) == 1 ? "" : "s", copies, blocks);
    oclhls_strbuf_printf(o,
                         "<rect class=\"memory\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                         "rx=\"4\" fill=\"#e6f4ea\" stroke=\"%s\"/>\n",
                         x, y, TARGET_W, h, report_class_color("block-ram"));
    text(o, x + 8, y + h / 2 - 3, "class=\"mt\"", report_str(m, "name", "?"));
    text(o, x + 8, y + h / 2 + 11, "class=\"ms\"", line2);
    oclhls_strbuf_puts(o, "</g>\n");
}

/* The kernel's arbiter (or line engine) and its line to the system's arbiter. */
static void arbiter_box(struct oclhls_strbuf *o, struct layout *L, const cJSON *k, int y, int h)
{
    int line = !strcmp(report_str(k, "kind", ""), "line_kernel");
    char sub[64];
    int cy = y + h / 2;
    snprintf(sub, sizeof(sub), "%d port%s", count_ports(k, G_BUS, 0),
             count_ports(k, G_BUS, 0) == 1 ? "" : "s");
    oclhls_strbuf_printf(o,
                         "<rect class=\"arbiter\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                         "rx=\"4\" fill=\"#edf2f7\" stroke=\"#4a5568\"/>\n",
                         L->target_x, y, ARB_W, h);
    text(o, L->target_x + 8, cy - 3, "class=\"mt\"", line ? "line engine" : "arbiter");
    text(o, L->target_x + 8, cy + 11, "class=\"ms\"", sub);
    oclhls_strbuf_printf(o,
                         "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#4a5568\" "
                         "stroke-width=\"2.5\"/>\n",
                         L->target_x + ARB_W, cy, L->bar_x, cy);
    if (L->bar_top < 0 || cy < L->bar_top)
        L->bar_top = cy;
    if (cy > L->bar_bottom)
        L->bar_bottom = cy;
}

/* The y of each channel port, kept for the lanes: (kernel, port index) -> centre. */
struct port_pos {
    const char *kernel, *target;
    int write, y;
};

/* "NDRange, 4 float units, 1 divider": the kind, and the units not in the diagram. */
static void kernel_subtitle(char *buf, size_t size, const cJSON *k)
{
    const char *kind = report_str(k, "kind", "");
    double floats = report_num(k, "float_units", 0), dividers = report_num(k, "dividers", 0);
    int n = snprintf(buf, size, "%s%s",
                     !strcmp(kind, "line_kernel")        ? "line kernel"
                     : !strcmp(kind, "single_work_item") ? "single work-item"
                                                         : "NDRange",
                     report_flag(k, "autorun") ? ", autorun" : "");
    if (floats && n > 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, ", %.0f float unit%s", floats,
                      floats == 1 ? "" : "s");
    if (dividers && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, ", %.0f divider%s", dividers, dividers == 1 ? "" : "s");
}

static void kernel_frame(struct oclhls_strbuf *o, struct layout *L, const cJSON *k, int y,
                         struct port_pos *pos, int *npos, int maxpos)
{
    const char *name = report_str(k, "name", "?");
    int h = frame_h(k), autorun = report_flag(k, "autorun"), gy = y + TITLE_H, any = 0;
    char sub[160];
    const cJSON *m, *p;
    oclhls_strbuf_puts(o, "<g class=\"kernel-frame\" data-kernel=\"");
    report_escape(o, name);
    oclhls_strbuf_printf(o,
                         "\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"8\" "
                         "fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n",
                         L->frame_x, y, L->frame_w, h, autorun ? "#b7791f" : "#718096",
                         autorun ? " stroke-dasharray=\"6 4\"" : "");
    oclhls_strbuf_printf(o, "<text x=\"%d\" y=\"%d\" class=\"kt\">kernel ", L->frame_x + 12,
                         y + 21);
    report_escape(o, name);
    oclhls_strbuf_puts(o, "</text>\n");
    kernel_subtitle(sub, sizeof(sub), k);
    oclhls_strbuf_printf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"ks%s\">",
                         L->frame_x + L->frame_w - 12, y + 21, autorun ? " autorun" : "");
    report_escape(o, sub);
    oclhls_strbuf_puts(o, "</text>\n");
    cJSON_ArrayForEach(m, item(k, "memories"))
    {
        int idx = (int)report_num(m, "index", 0);
        int gh = draw_group(o, L, k, G_MEMORY, idx, gy, L->target_x);
        memory_box(o, m, L->target_x, gy, gh);
        gy += gh + GROUP_GAP;
        any = 1;
    }
    if (count_ports(k, G_BUS, 0)) {
        int gh = draw_group(o, L, k, G_BUS, 0, gy, L->target_x);
        arbiter_box(o, L, k, gy, gh);
        gy += gh + GROUP_GAP;
        any = 1;
    }
    if (count_ports(k, G_CHANNEL, 0)) {
        int n = 0, pm;
        draw_group(o, L, k, G_CHANNEL, 0, gy, 0);
        cJSON_ArrayForEach(p, item(k, "ports"))
        {
            if (group_of(p, &pm) != G_CHANNEL || *npos >= maxpos)
                continue;
            pos[*npos] = (struct port_pos){name, report_str(p, "target", ""),
                                           strstr(report_str(p, "label", ""), "write") != NULL,
                                           gy + n++ * PITCH + PORT_H / 2};
            ++*npos;
        }
        any = 1;
    }
    if (!any)
        text(o, L->frame_x + 16, y + TITLE_H + 14, "class=\"ms\"",
             "no memory ports: registers and arithmetic only");
    oclhls_strbuf_puts(o, "</g>\n");
}

/* Whether port i is an end of channel ch: the writer's write port or the reader's read port. */
static int channel_end(const cJSON *ch, const struct port_pos *p, int *writer)
{
    char target[200];
    snprintf(target, sizeof(target), "channel %s", report_str(ch, "name", "?"));
    *writer = !strcmp(p->kernel, report_str(ch, "writer", "")) && p->write;
    return !strcmp(p->target, target) &&
           (*writer || (!strcmp(p->kernel, report_str(ch, "reader", "")) && !p->write));
}

/* The vertical extent of a channel's ends; top < 0 when neither is drawn. */
static void channel_span(const cJSON *ch, const struct port_pos *pos, int npos, int *top,
                         int *bottom)
{
    int writer;
    *top = *bottom = -1;
    for (int i = 0; i < npos; i++)
        if (channel_end(ch, &pos[i], &writer)) {
            *top = *top < 0 || pos[i].y < *top ? pos[i].y : *top;
            *bottom = pos[i].y > *bottom ? pos[i].y : *bottom;
        }
}

/* A channel: its lane at x from the writer's ports to the reader's (an arrow into the
   reader), ports at px. */
static void channel_lane(struct oclhls_strbuf *o, const cJSON *ch, int x, int px,
                         const struct port_pos *pos, int npos)
{
    char label[200];
    const char *color = report_class_color("stream");
    int top, bottom, writer;
    channel_span(ch, pos, npos, &top, &bottom);
    if (top < 0)
        return;
    oclhls_strbuf_puts(o, "<g class=\"channel\"><title>channel ");
    report_escape(o, report_str(ch, "name", "?"));
    oclhls_strbuf_puts(o, ": ");
    report_escape(o, report_str(ch, "writer", "?"));
    oclhls_strbuf_puts(o, " to ");
    report_escape(o, report_str(ch, "reader", "?"));
    oclhls_strbuf_puts(o, "</title>\n");
    for (int i = 0; i < npos; i++)
        if (channel_end(ch, &pos[i], &writer))
            oclhls_strbuf_printf(o,
                                 "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                                 "stroke-width=\"2\"%s/>\n",
                                 writer ? px : x, pos[i].y, writer ? x : px - 1, pos[i].y, color,
                                 writer ? "" : " marker-end=\"url(#arrow)\"");
    oclhls_strbuf_printf(o,
                         "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                         "stroke-width=\"2\"/>\n",
                         x, top, x, bottom, color);
    snprintf(label, sizeof(label), "%s, %.0f-bit, depth %.0f", report_str(ch, "name", "?"),
             report_num(ch, "bits", 0), report_num(ch, "depth", 0));
    oclhls_strbuf_printf(o,
                         "<text class=\"cl\" transform=\"translate(%d %d) rotate(-90)\" "
                         "text-anchor=\"middle\">",
                         x - 4, (top + bottom) / 2);
    report_escape(o, label);
    oclhls_strbuf_puts(o, "</text></g>\n");
}

/*
 * The lane of each channel: channels whose ends do not overlap share a lane, and a longer
 * channel takes a lane further left, so that a channel nested in another's span is drawn
 * inside it and their lines do not cross. Returns how many lanes.
 */
static int assign_lanes(const cJSON *channels, const struct port_pos *pos, int npos, int *lane,
                        int *top, int *bottom)
{
    int n = cJSON_GetArraySize(channels), lanes = 0;
    for (int c = 0; c < n; c++) {
        channel_span(cJSON_GetArrayItem(channels, c), pos, npos, &top[c], &bottom[c]);
        lane[c] = -1;
    }
    for (;;) { /* the longest channel not placed yet */
        int best = -1;
        for (int c = 0; c < n; c++)
            if (lane[c] < 0 && top[c] >= 0 &&
                (best < 0 || bottom[c] - top[c] > bottom[best] - top[best]))
                best = c;
        if (best < 0)
            return lanes;
        for (int l = 0; lane[best] < 0; l++) {
            int free = 1;
            for (int c = 0; c < n; c++)
                if (lane[c] == l && top[c] <= bottom[best] + PITCH &&
                    top[best] <= bottom[c] + PITCH)
                    free = 0;
            if (free)
                lane[best] = l;
        }
        lanes = lane[best] + 1 > lanes ? lane[best] + 1 : lanes;
    }
}

static void global_memory(struct oclhls_strbuf *o, const struct layout *L, const cJSON *ms)
{
    const cJSON *g = item(ms, "global_memory");
    char sub[96];
    int mid = (L->bar_top + L->bar_bottom) / 2;
    snprintf(sub, sizeof(sub), "%.0f-bit, %.0f-cycle latency", report_num(g, "mem_width_bits", 0),
             report_num(g, "mem_latency_cycles", 0));
    if (L->bar_top >= 0) {
        /* tall enough for its name even when one kernel reaches it */
        int h = L->bar_bottom - L->bar_top + 28 > BAR_MIN_H ? L->bar_bottom - L->bar_top + 28
                                                            : BAR_MIN_H;
        int top = mid - h / 2 < 4 ? 4 : mid - h / 2;
        oclhls_strbuf_printf(o,
                             "<rect class=\"system-arbiter\" x=\"%d\" y=\"%d\" width=\"%d\" "
                             "height=\"%d\" rx=\"3\" fill=\"#2d3748\"/>\n",
                             L->bar_x, top, BAR_W, h);
        oclhls_strbuf_printf(o,
                             "<text class=\"bl\" transform=\"translate(%d %d) rotate(-90)\" "
                             "text-anchor=\"middle\">system arbiter</text>\n",
                             L->bar_x + BAR_W / 2 + 4, top + h / 2);
        oclhls_strbuf_printf(o,
                             "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#2d3748\" "
                             "stroke-width=\"5\"/>\n",
                             L->bar_x + BAR_W, mid, L->mem_x, mid);
        text(o, L->bar_x + BAR_W + 6, mid - 7, "class=\"ms\"",
             sub); /* the bus carries the memory's width */
    }
    oclhls_strbuf_printf(o,
                         "<rect class=\"global-memory\" x=\"%d\" y=\"10\" width=\"%d\" "
                         "height=\"%d\" rx=\"6\" fill=\"#ebf4ff\" stroke=\"%s\" "
                         "stroke-width=\"1.5\"/>\n",
                         L->mem_x, MEM_W, L->height - 20, report_class_color("coalescing"));
    text(o, L->mem_x + 10, 32, "class=\"kt\"", "global memory");
    text(o, L->mem_x + 10, 48, "class=\"ms\"", sub);
    text(o, L->mem_x + 10, 64, "class=\"ms\"", "buffers, __constant data,");
    text(o, L->mem_x + 10, 78, "class=\"ms\"", "pipe rings, printf records");
}

static void legend(struct oclhls_strbuf *o)
{
    oclhls_strbuf_puts(o, "<ul class=\"legend\">\n");
    for (const char *const *c = report_classes; *c; c++) {
        if (!strcmp(*c, "loop") || !strcmp(*c, "barrier") || !strcmp(*c, "kernel") ||
            !strcmp(*c, "float") || !strcmp(*c, "divider"))
            continue; /* not in the memory system */
        oclhls_strbuf_printf(o, "<li><span class=\"sw c-%s\"></span>%s</li>\n", *c,
                             report_class_name(*c));
    }
    oclhls_strbuf_puts(
        o, "<li><span class=\"sw\" style=\"--c:#fff;border:1.5px solid #718096\"></span>a kernel; "
           "dashed amber: autorun</li>\n"
           "<li><span class=\"sw\" style=\"--c:#e6f4ea;border:1px solid #2f855a\"></span>a memory "
           "in block RAM (__local or private)</li>\n"
           "<li><span class=\"sw\" style=\"--c:#edf2f7;border:1px solid #4a5568\"></span>the "
           "kernel's arbiter (or line engine) onto global memory</li>\n"
           "<li><span class=\"sw\" style=\"--c:#2d3748\"></span>the system's arbiter: one "
           "memory port for all kernels</li>\n"
           "<li><span class=\"sw c-stream\"></span>a lane on the left: a channel, a FIFO from the "
           "writer to the reader (arrow)</li>\n"
           "<li>&#215;N: N units of one kind onto one memory; hover a box for its lines</li>\n"
           "</ul>\n<p class=\"muted\">A pipe is a ring in global memory that the host connects, "
           "so its ports reach global memory through the kernel's arbiter. __constant data is "
           "read from global memory too.</p>\n");
}

void report_svg(const cJSON *model, struct oclhls_strbuf *o)
{
    const cJSON *ms = item(model, "memory_system"), *k, *ch;
    const cJSON *channels = item(ms, "channels");
    struct layout L = {.bar_top = -1, .bar_bottom = -1};
    struct oclhls_strbuf body = {0};
    struct port_pos pos[512];
    int npos = 0, y = 10, c = 0, n = cJSON_GetArraySize(channels);
    int *lane = calloc((size_t)n + 1, 3 * sizeof(int));

    /* the kernels first, at x 0: the lanes, left of them, depend on where their ports are */
    L.frame_w = 16 + PORT_W + 44 + TARGET_W + 16;
    L.target_x = 16 + PORT_W + 44;
    L.bar_x = L.frame_w + 36;
    L.mem_x = L.bar_x + BAR_W + 150;
    cJSON_ArrayForEach(k, item(ms, "kernels"))
    {
        y += frame_h(k) + FRAME_GAP;
    }
    L.height = (y > BAR_MIN_H + 30 ? y : BAR_MIN_H + 30) + 10 - FRAME_GAP;
    y = 10;
    cJSON_ArrayForEach(k, item(ms, "kernels"))
    {
        kernel_frame(&body, &L, k, y, pos, &npos, (int)(sizeof(pos) / sizeof(pos[0])));
        y += frame_h(k) + FRAME_GAP;
    }
    global_memory(&body, &L, ms);
    L.nlanes = lane ? assign_lanes(channels, pos, npos, lane, lane + n, lane + 2 * n) : 0;
    L.gutter = L.nlanes ? 12 + L.nlanes * LANE_W + 8 : 10;
    L.width = L.gutter + L.mem_x + MEM_W + 10;
    oclhls_strbuf_printf(o,
                         "<div class=\"diagram\"><svg id=\"memory-diagram\" "
                         "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                         "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"memory system\">\n",
                         L.width, L.height, L.width, L.height);
    oclhls_strbuf_printf(o,
                         "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
                         "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path "
                         "d=\"M0,0 L10,5 L0,10 z\" fill=\"%s\"/></marker></defs>\n",
                         report_class_color("stream"));
    oclhls_strbuf_puts(o, "<style>text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,"
                          "Arial,sans-serif;fill:#1f2933}.kt{font-size:14px;font-weight:600}"
                          ".ks{font-size:12px;fill:#5f6c79}.ks.autorun{fill:#8a4b0b}"
                          ".pl{font-size:11.5px}.mt{font-size:12px;font-weight:600}"
                          ".ms{font-size:11px;fill:#5f6c79}.cl{font-size:11px;fill:#8a5a00}"
                          ".bl{font-size:11px;fill:#fff}</style>\n");
    oclhls_strbuf_printf(o, "<g transform=\"translate(%d 0)\">\n", L.gutter);
    if (body.buf)
        oclhls_strbuf_append(o, body.buf, body.len);
    oclhls_strbuf_puts(o, "</g>\n");
    cJSON_ArrayForEach(ch, channels)
    {
        if (lane && lane[c] >= 0)
            channel_lane(o, ch, 12 + lane[c] * LANE_W + LANE_W / 2, L.gutter + 16, pos, npos);
        c++;
    }
    oclhls_strbuf_puts(o, "</svg></div>\n");
    legend(o);
    oclhls_strbuf_release(&body);
    free(lane);
}
