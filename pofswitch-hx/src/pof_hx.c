/*
 * The HSDBA extension of POF 1.4.0 inside POFSwitch 1.4.0 (docs/pof-hsdba-extension.md):
 * capability probe, instruction blocks, registers, the HX instructions (arithmetic from
 * hx_arith.c, shared with the vector driver), joins, idle entries and bulk reads. The semantics
 * follow the reference switch (reference-switch: Execution, Datapath, HxPrograms); where this file
 * differs, pofswitch-hx/README.md says so. Copied into POFSwitch's datapath/ by
 * scripts/pofswitch.sh (hx flavour) and linked through the hx patches.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <linux/if_packet.h>

#include "../include/pof_common.h"
#include "../include/pof_type.h"
#include "../include/pof_global.h"
#include "../include/pof_local_resource.h"
#include "../include/pof_datapath.h"
#include "../include/pof_byte_transfer.h"
#include "../include/pof_hmap.h"
#include "../include/pof_hx.h"
#include "hx_arith.h"

/* Provided by the hx patches in POFSwitch's own files. */
extern uint32_t pofdp_execute_one(struct pofdp_packet *dpp, struct pof_local_resource *lr);
extern uint32_t pof_NtoH_transfer_instruction(void *ptr);
extern uint32_t pofsc_send_packet_upward(uint8_t *packet, uint32_t len);
extern uint32_t pofec_reply_error(uint16_t type, uint16_t code, char *s, uint32_t xid);

#define HX_NONE16 0xFFFF
#define HX_META_BITS (POFDP_METADATA_MAX_LEN * 8)
#define HX_HEADER 8

enum hx_code {
    HXFC_UNKNOWN, HXFC_BAD_COMMAND, HXFC_BAD_BLOCK_ID, HXFC_BLOCK_TOO_LONG, HXFC_BAD_INSTRUCTION,
    HXFC_BAD_OPERAND, HXFC_BAD_JUMP, HXFC_NESTED_CALL, HXFC_BLOCK_IN_USE, HXFC_BAD_REGISTER,
    HXFC_BAD_LEN, HXFC_BAD_PARAM, HXFC_BUDGET_EXCEEDED, HXFC_BAD_TABLE_ID, HXFC_NOT_STAGED
};
static char *const hx_code_names[] = {
    "HXFC_UNKNOWN", "HXFC_BAD_COMMAND", "HXFC_BAD_BLOCK_ID", "HXFC_BLOCK_TOO_LONG",
    "HXFC_BAD_INSTRUCTION", "HXFC_BAD_OPERAND", "HXFC_BAD_JUMP", "HXFC_NESTED_CALL",
    "HXFC_BLOCK_IN_USE", "HXFC_BAD_REGISTER", "HXFC_BAD_LEN", "HXFC_BAD_PARAM",
    "HXFC_BUDGET_EXCEEDED", "HXFC_BAD_TABLE_ID", "HXFC_NOT_STAGED"
};

enum hx_domain { D_IMM, D_META, D_PKT, D_PARAM, D_STATE, D_REG, D_TIME, D_RAND, D_ENTRY };

struct hx_operand {
    uint8_t domain, index_param;
    uint16_t offset, len;
    uint64_t imm;
};

/* A block instruction decoded once at HX_BLOCK_MOD; stock ones are expanded to a host-order slot. */
struct hx_ins {
    uint16_t type;
    uint8_t op, cond, backward, join, reason;
    int16_t offset;
    uint16_t hold_ms;
    uint8_t table;
    uint32_t count;
    struct hx_operand o[4];   /* ALU: dst a b c; BRANCH: a b */
};

struct hx_block {
    uint16_t n, idle_pc;
    struct hx_ins *ins;
    struct pof_instruction *stock;   /* n slots, used where ins[i] is a stock instruction */
};

struct hx_join {
    uint8_t used, gid;
    uint16_t key_bytes;
    uint8_t key[POF_MAX_FIELD_LENGTH_IN_BYTE * POF_MAX_MATCH_FIELD_NUM];
    uint64_t expiry;
};

/* One run of a list: an entry's HX_CALL_BLOCK (or a hook) and the entry it runs for. */
struct hx_ctx {
    struct pofdp_packet *dpp;
    struct pof_local_resource *lr;
    struct entryInfo *cur;
    const uint8_t *params;
    uint16_t param_words;
    uint8_t in_block, reactivated;
    uint64_t prev_hit;
};

enum hx_run { RUN_RETURN, RUN_TAIL, RUN_END, RUN_ERROR };

static pthread_mutex_t hx_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct hx_block *blocks[HX_MAX_BLOCKS];
static struct hx_block *staged[HX_MAX_BLOCKS];
static uint64_t registers[HX_REGISTER_WORDS];
static struct hx_join joins[HX_MAX_PENDING_JOINS];
static uint32_t joins_used;
static uint64_t joins_suppressed;
static uint64_t rng_state, rng_seed;
static uint64_t idle_bound = UINT64_MAX;
static uint64_t last_time_ns;
static uint8_t out_buf[POF_MESSAGE_SIZE];

/* ------------------------------------------------------------------ small helpers */

static uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static uint32_t be32(const uint8_t *p) { return (uint32_t)be16(p) << 16 | be16(p + 2); }
static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }
static void put16(uint8_t *p, uint16_t v) { p[0] = v >> 8; p[1] = (uint8_t)v; }
static void put32(uint8_t *p, uint32_t v) { put16(p, v >> 16); put16(p + 2, (uint16_t)v); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)(v >> 32)); put32(p + 4, (uint32_t)v); }

void hx_lock(void) { pthread_mutex_lock(&hx_mutex); }
void hx_unlock(void) { pthread_mutex_unlock(&hx_mutex); }

/* The switch clock (section 3.2): monotonic ns since the first use. */
static uint64_t hx_now(void)
{
    static uint64_t start;
    struct timespec ts;
    uint64_t t;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    t = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
    if (start == 0) {
        start = t - 1;
    }
    return t - start;
}

/* The seed (section 3.3): POFSWITCH_HX_SEED (decimal or 0x hex) or a fixed default. */
static uint64_t hx_seed(void)
{
    const char *s = getenv("POFSWITCH_HX_SEED");
    return s && *s ? strtoull(s, NULL, 0) : UINT64_C(0x48534442);
}

static void send_up(uint8_t type, uint32_t xid, uint16_t body_len)
{
    out_buf[0] = POF_VERSION;
    out_buf[1] = type;
    put16(out_buf + 2, (uint16_t)(HX_HEADER + body_len));
    put32(out_buf + 4, xid);
    pofsc_send_packet_upward(out_buf, HX_HEADER + body_len);
}

static uint32_t hx_error(int code, uint32_t xid)
{
    pofec_reply_error(HXET_FAILED, (uint16_t)code, hx_code_names[code], xid);
    return POF_ERROR;
}

static struct pof_local_resource *local_resource(void)
{
    return pofdp_get_local_resource(POF_SLOT_ID_BASE, &g_dp);
}

/* MSB-first bit fields of a byte buffer, right-aligned, len 1..64 (decode_operand checks it).
 * Compiled programs read and write META and PKT fields several times per instruction block, so
 * these run byte-wise over the bytes the field touches (at most 9) instead of bit by bit: bit by
 * bit, they were 39 % of the switch's CPU samples in the hosts lab's TCP+UDP mix (perf, 13,000
 * frames/s in). Bytes outside the field are neither read nor written. */
static uint64_t low_bits(uint32_t n)
{
    return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

static uint64_t bits_read(const uint8_t *buf, uint32_t off, uint32_t len)
{
    const uint8_t *p = buf + (off >> 3);
    uint32_t head = off & 7, nbytes = (head + len + 7) >> 3, i, tail;
    uint64_t acc = 0;
    for (i = 0; i < nbytes && i < 8; i++) {
        acc = acc << 8 | p[i];
    }
    if (nbytes <= 8) {
        return (acc >> (nbytes * 8 - head - len)) & low_bits(len);
    }
    /* 9 bytes: head >= 1, the last byte holds the field's low `tail` bits */
    tail = head + len - 64;
    return (acc & low_bits(64 - head)) << tail | (uint64_t)(p[8] >> (8 - tail));
}

static void bits_write(uint8_t *buf, uint32_t off, uint32_t len, uint64_t v)
{
    uint8_t *p = buf + (off >> 3);
    uint32_t head = off & 7, nbytes = (head + len + 7) >> 3, n = nbytes < 8 ? nbytes : 8, i, shift, tail;
    uint64_t acc = 0, mask;
    for (i = 0; i < n; i++) {
        acc = acc << 8 | p[i];
    }
    if (nbytes <= 8) {
        shift = nbytes * 8 - head - len;
        mask = low_bits(len) << shift;
        acc = (acc & ~mask) | ((v << shift) & mask);
    } else {
        tail = head + len - 64;
        mask = low_bits(64 - head);
        acc = (acc & ~mask) | ((v >> tail) & mask);
        p[8] = (uint8_t)((p[8] & (0xFF >> tail)) | (uint8_t)((v & low_bits(tail)) << (8 - tail)));
    }
    for (i = n; i-- > 0;) {
        p[i] = (uint8_t)acc;
        acc >>= 8;
    }
}

/* ------------------------------------------------------------------ decoding (install-time checks) */

static int decode_operand(const uint8_t *p, struct hx_operand *o, int writable)
{
    o->domain = p[0];
    o->index_param = p[1];
    o->offset = be16(p + 2);
    o->len = be16(p + 4);
    o->imm = be64(p + 8);
    if (o->domain > D_ENTRY) {
        return HXFC_BAD_OPERAND;
    }
    /* ENTRY word 4 (AGE_NS) is the one writable intrinsic (section 8.1) */
    if (writable && o->domain != D_META && o->domain != D_PKT && o->domain != D_STATE && o->domain != D_REG
            && !(o->domain == D_ENTRY && o->offset == HX_ENTRY_AGE_NS)) {
        return HXFC_BAD_OPERAND;
    }
    if (o->domain == D_META || o->domain == D_PKT) {
        if (o->len < 1 || o->len > 64) {
            return HXFC_BAD_OPERAND;
        }
    } else if (o->len != 0) {
        return HXFC_BAD_OPERAND;
    }
    if (o->index_param != 0xFF && o->domain != D_REG) {
        return HXFC_BAD_OPERAND;
    }
    if (o->domain != D_IMM && o->imm != 0) {
        return HXFC_BAD_OPERAND;
    }
    return -1;
}

/* Decodes an HX instruction body (network order); returns -1 or an HXFC code. */
static int decode_hx(uint16_t type, const uint8_t *d, struct hx_ins *ins)
{
    int i, code;
    memset(ins, 0, sizeof *ins);
    ins->type = type;
    switch (type) {
    case HXIT_CALL_BLOCK: {
        uint16_t plen = be16(d + 2);
        if (plen % 8 != 0 || plen > HX_MAX_PARAM_BYTES) {
            return HXFC_BAD_PARAM;
        }
        if (be16(d) == HX_NONE16) {
            return HXFC_BAD_BLOCK_ID;
        }
        return -1;
    }
    case HXIT_ALU:
        ins->op = d[0];
        if (ins->op >= HX_ALU_OPS) {
            return HXFC_BAD_INSTRUCTION;
        }
        for (i = 0; i < 4; i++) {
            if ((code = decode_operand(d + 8 + 16 * i, &ins->o[i], i == 0)) >= 0) {
                return code;
            }
        }
        return -1;
    case HXIT_BRANCH:
        ins->cond = d[0];
        ins->backward = d[1];
        ins->count = be32(d + 4);
        if (ins->cond >= HX_CONDS || ins->backward > 1) {
            return HXFC_BAD_INSTRUCTION;
        }
        for (i = 0; i < 2; i++) {
            if ((code = decode_operand(d + 8 + 16 * i, &ins->o[i], 0)) >= 0) {
                return code;
            }
        }
        return -1;
    case HXIT_LOOKUP:
        ins->table = d[0];
        ins->join = d[1] & 1;
        ins->offset = (int16_t)be16(d + 2);
        ins->reason = d[4];
        ins->hold_ms = be16(d + 6);
        return -1;
    case HXIT_RETURN:
        return -1;
    default:
        return HXFC_BAD_INSTRUCTION;
    }
}

/* ------------------------------------------------------------------ entries */

/* The entry's HX_CALL_BLOCK (the first one in its slots), or NULL. */
static const uint8_t *entry_call(const struct entryInfo *e)
{
    int i;
    for (i = 0; i < e->instruction_num && i < POF_MAX_INSTRUCTION_NUM; i++) {
        if (e->instruction[i].type == HXIT_CALL_BLOCK) {
            return e->instruction[i].instruction_data;
        }
    }
    return NULL;
}

static void entry_status(const struct entryInfo *e, uint8_t reason, uint64_t time)
{
    uint8_t *b = out_buf + HX_HEADER;
    memset(b, 0, 32);
    b[0] = reason;
    b[1] = e->hx.table_gid;
    put32(b + 4, e->index);
    put64(b + 8, time);
    put64(b + 16, e->hx.passed_bytes);
    put64(b + 24, e->hx.dropped_bytes);
    send_up(HXT_ENTRY_STATUS, g_upward_xid++, 32);
}

/* ------------------------------------------------------------------ operands at run time */

static int op_param(const struct hx_ctx *c, uint32_t word, uint64_t *v)
{
    if (!c->cur || !c->in_block || word >= c->param_words) {
        return 0;
    }
    *v = be64(c->params + 8 * word);
    return 1;
}

static int op_register(const struct hx_ctx *c, const struct hx_operand *o, uint32_t *addr)
{
    uint64_t a = o->offset, p;
    if (o->index_param != 0xFF) {
        if (!op_param(c, o->index_param, &p)) {
            return 0;
        }
        a += p;
        if (a < p) {
            return 0;
        }
    }
    if (a >= HX_REGISTER_WORDS) {
        return 0;
    }
    *addr = (uint32_t)a;
    return 1;
}

static void note_aging(const struct entryInfo *e);

static int op_read(struct hx_ctx *c, const struct hx_operand *o, uint64_t *v)
{
    struct pofdp_packet *dpp = c->dpp;
    uint32_t addr;
    switch (o->domain) {
    case D_IMM: *v = o->imm; return 1;
    case D_META:
        if ((uint32_t)o->offset + o->len > HX_META_BITS) return 0;
        *v = bits_read((uint8_t *)dpp->metadata, o->offset, o->len);
        return 1;
    case D_PKT:
        if (dpp->hx.hook || dpp->left_len < 0 || (uint32_t)o->offset + o->len > (uint32_t)dpp->left_len * 8) return 0;
        *v = bits_read(dpp->buf_offset, o->offset, o->len);
        return 1;
    case D_PARAM: return op_param(c, o->offset, v);
    case D_STATE:
        if (!c->cur || o->offset >= HX_STATE_WORDS) return 0;
        *v = c->cur->hx.state[o->offset];
        return 1;
    case D_REG:
        if (!op_register(c, o, &addr)) return 0;
        *v = registers[addr];
        return 1;
    case D_TIME: *v = dpp->hx.time_ns; return 1;
    case D_RAND: *v = hx_splitmix64(&rng_state) >> 32; return 1;
    case D_ENTRY:
        if (!c->cur) return 0;
        switch (o->offset) {
        case 0: *v = c->reactivated; return 1;
        case 1: *v = c->prev_hit; return 1;
        case 2: *v = c->cur->index; return 1;
        case 3: *v = c->cur->hx.table_gid; return 1;
        case HX_ENTRY_AGE_NS: *v = c->cur->hx.age_ns; return 1;
        default: return 0;
        }
    default: return 0;
    }
}

static int op_write(struct hx_ctx *c, const struct hx_operand *o, uint64_t v)
{
    struct pofdp_packet *dpp = c->dpp;
    uint32_t addr;
    switch (o->domain) {
    case D_META:
        if ((uint32_t)o->offset + o->len > HX_META_BITS) return 0;
        bits_write((uint8_t *)dpp->metadata, o->offset, o->len, v);
        return 1;
    case D_PKT:
        if (dpp->hx.hook || dpp->left_len < 0 || (uint32_t)o->offset + o->len > (uint32_t)dpp->left_len * 8) return 0;
        bits_write(dpp->buf_offset, o->offset, o->len, v);
        return 1;
    case D_STATE:
        if (!c->cur || o->offset >= HX_STATE_WORDS) return 0;
        c->cur->hx.state[o->offset] = v;
        return 1;
    case D_REG:
        if (!op_register(c, o, &addr)) return 0;
        registers[addr] = v;
        return 1;
    case D_ENTRY:
        if (!c->cur || o->offset != HX_ENTRY_AGE_NS) return 0;
        c->cur->hx.age_ns = v;
        note_aging(c->cur);
        return 1;
    default: return 0;
    }
}

/* ------------------------------------------------------------------ joins (section 7) */

static void assemble_key(const struct tableInfo *t, const struct pofdp_packet *dpp, uint8_t *key)
{
    uint16_t i, at = 0;
    memset(key, 0, POF_MAX_FIELD_LENGTH_IN_BYTE * POF_MAX_MATCH_FIELD_NUM);
    for (i = 0; i < t->match_field_num; i++) {
        uint8_t tmp[POF_MAX_FIELD_LENGTH_IN_BYTE] = {0};
        const struct pof_match *m = &t->match[i];
        pofbf_copy_bit(m->field_id == 0xFFFF ? (const uint8_t *)dpp->metadata : dpp->buf_offset, tmp, m->offset, m->len);
        pofbf_cover_bit(key, tmp, at, m->len);
        at += m->len;
    }
}

static int key_matches(const struct entryInfo *e, const struct tableInfo *t, const uint8_t *key)
{
    uint32_t i, n = POF_BITNUM_TO_BYTENUM_CEIL(t->keyLen);
    for (i = 0; i < n; i++) {
        uint8_t mask = t->type == POF_EM_TABLE ? 0xFF : e->mask[i];
        if ((key[i] & mask) != (e->value[i] & mask)) {
            return 0;
        }
    }
    return 1;
}

/* The entry a key finds: MM by priority, LPM by mask length, EM by value (as stock looks up). */
static struct entryInfo *lookup_key(const struct tableInfo *t, const uint8_t *key)
{
    struct entryInfo *e, *next, *best = NULL;
    uint32_t best_bits = 0, i, bits;
    HMAP_NODES_IN_STRUCT_TRAVERSE(e, next, node, t->entryMap) {
        if (!key_matches(e, t, key)) {
            continue;
        }
        if (t->type == POF_LPM_TABLE) {
            for (i = 0, bits = 0; i < POF_BITNUM_TO_BYTENUM_CEIL(t->keyLen); i++) {
                bits += (uint32_t)__builtin_popcount(e->mask[i]);
            }
            if (!best || bits > best_bits) {
                best = e;
                best_bits = bits;
            }
        } else if (!best || e->priority > best->priority) {
            best = e;
        }
    }
    return best;
}

static void join_drop(struct hx_join *j)
{
    j->used = 0;
    joins_used--;
}

static void join(struct hx_ctx *c, const struct tableInfo *t, const struct hx_ins *ins)
{
    struct pofdp_packet *dpp = c->dpp;
    uint8_t key[POF_MAX_FIELD_LENGTH_IN_BYTE * POF_MAX_MATCH_FIELD_NUM];
    uint16_t kb = (uint16_t)POF_BITNUM_TO_BYTENUM_CEIL(t->keyLen);
    uint64_t now = dpp->hx.time_ns, hold = ins->hold_ms ? ins->hold_ms : 1000;
    struct hx_join *free_slot = NULL, *j;
    uint32_t i;
    assemble_key(t, dpp, key);
    for (i = 0; i < HX_MAX_PENDING_JOINS; i++) {
        j = &joins[i];
        if (!j->used) {
            if (!free_slot) free_slot = j;
            continue;
        }
        if (j->gid == t->id && j->key_bytes == kb && memcmp(j->key, key, kb) == 0) {
            if (j->expiry > now) {
                return;
            }
            join_drop(j);
            free_slot = j;
            break;
        }
    }
    if (joins_used >= HX_MAX_PENDING_JOINS) {
        for (i = 0; i < HX_MAX_PENDING_JOINS; i++) {
            if (joins[i].used && joins[i].expiry <= now) {
                join_drop(&joins[i]);
                free_slot = &joins[i];
            }
        }
        if (joins_used >= HX_MAX_PENDING_JOINS) {
            joins_suppressed++;
            return;
        }
    }
    free_slot->used = 1;
    free_slot->gid = t->id;
    free_slot->key_bytes = kb;
    memcpy(free_slot->key, key, kb);
    free_slot->expiry = now + hold * 1000000ULL;
    joins_used++;
    pofdp_send_packet_in_to_controller((uint16_t)(dpp->offset + dpp->left_len), ins->reason, t->id, POF_FE_ID,
            (uint8_t)dpp->ori_port_id, c->lr->slotID, dpp->packetBuf);
}

void hx_entry_installed(struct entryInfo *e, const struct tableInfo *t)
{
    uint32_t i;
    if (!e) {
        return;
    }
    e->hx.table_gid = t->id;
    for (i = 0; i < HX_MAX_PENDING_JOINS && joins_used > 0; i++) {
        struct hx_join *j = &joins[i];
        uint8_t key[POF_MAX_FIELD_LENGTH_IN_BYTE * POF_MAX_MATCH_FIELD_NUM] = {0};
        if (!j->used || j->gid != t->id) {
            continue;
        }
        memcpy(key, j->key, j->key_bytes);
        if (key_matches(e, t, key) && lookup_key(t, key) == e) {
            join_drop(j);
        }
    }
}

void hx_table_deleted(uint8_t gid)
{
    uint32_t i;
    for (i = 0; i < HX_MAX_PENDING_JOINS; i++) {
        if (joins[i].used && joins[i].gid == gid) {
            join_drop(&joins[i]);
        }
    }
}

/* ------------------------------------------------------------------ the interpreter */

static int step_budget(struct pofdp_packet *dpp)
{
    if (++dpp->hx.executed > HX_INSTRUCTION_BUDGET) {
        hx_error(HXFC_BUDGET_EXCEEDED, g_upward_xid++);
        return 0;
    }
    return 1;
}

uint32_t hx_budget_step(struct pofdp_packet *dpp)
{
    return step_budget(dpp) ? POF_OK : POF_ERROR;
}

/* Makes entry e (found in table gid) the packet's current entry, like a stock GOTO_TABLE hit. */
static enum hx_run enter(struct hx_ctx *c, struct entryInfo *e, uint8_t gid)
{
    struct pofdp_packet *dpp = c->dpp;
    poflr_table_ID_to_id(gid, &dpp->table_type, &dpp->table_id, c->lr);
    dpp->flow_entry = e;
    poflr_counter_increace(e->counter_id, POF_PACKET_REL_LEN_GET(dpp), c->lr);
    dpp->ins = e->instruction;
    dpp->ins_todo_num = e->instruction_num;
    dpp->ins_done_num = 0;
    if (e->instruction_num == 0) {
        /* stock runs the zero-filled first slot */
        pofec_reply_error(POFET_BAD_INSTRUCTION, POFBIC_UNKNOWN_INST, "POFBIC_UNKNOWN_INST", g_upward_xid++);
        return RUN_ERROR;
    }
    return RUN_TAIL;
}

static enum hx_run lookup(struct hx_ctx *c, const struct hx_ins *ins)
{
    struct pofdp_packet *dpp = c->dpp;
    struct tableInfo *t;
    struct entryInfo *e;
    int16_t saved_offset = dpp->offset;
    int32_t saved_left = dpp->left_len;
    uint8_t *saved_buf = dpp->buf_offset;
    if (ins->offset > dpp->left_len || ins->offset < -(int32_t)(POFDP_PACKET_PREBUF_LEN + dpp->offset)) {
        pofec_reply_error(POFET_SOFTWARE_FAILED, POF_PACKET_LEN_ERROR, "POF_PACKET_LEN_ERROR", g_upward_xid++);
        return RUN_ERROR;
    }
    dpp->offset += ins->offset;
    dpp->left_len -= ins->offset;
    dpp->buf_offset += ins->offset;
    t = poflr_get_table_with_ID(ins->table, c->lr);
    if (!t || t->type == POF_LINEAR_TABLE) {
        hx_error(HXFC_BAD_TABLE_ID, g_upward_xid++);
        return RUN_ERROR;
    }
    e = poflr_entry_lookup(dpp->buf_offset, (uint8_t *)dpp->metadata, t);
    if (e) {
        return enter(c, e, ins->table);
    }
    dpp->offset = saved_offset;
    dpp->left_len = saved_left;
    dpp->buf_offset = saved_buf;
    if (ins->join) {
        join(c, t, ins);
    }
    return RUN_RETURN; /* meaning: go on with the next instruction */
}

static enum hx_run alu(struct hx_ctx *c, const struct hx_ins *ins)
{
    uint64_t a, b, x;
    int ok;
    if (!op_read(c, &ins->o[1], &a) || !op_read(c, &ins->o[2], &b) || !op_read(c, &ins->o[3], &x)) {
        hx_error(HXFC_BAD_OPERAND, g_upward_xid++);
        return RUN_ERROR;
    }
    if (!op_write(c, &ins->o[0], hx_alu(ins->op, a, b, x, &ok))) {
        hx_error(HXFC_BAD_OPERAND, g_upward_xid++);
        return RUN_ERROR;
    }
    return RUN_RETURN;
}

/* Evaluates an HX_BRANCH at pc of a list of n: the next pc, or -1 after an error. */
static int64_t branch(struct hx_ctx *c, const struct hx_ins *ins, int64_t pc, int64_t n)
{
    uint64_t a, b;
    int64_t target;
    if (!op_read(c, &ins->o[0], &a) || !op_read(c, &ins->o[1], &b)) {
        hx_error(HXFC_BAD_OPERAND, g_upward_xid++);
        return -1;
    }
    if (!hx_cond(ins->cond, a, b)) {
        return pc + 1;
    }
    target = ins->backward ? pc - (int64_t)ins->count : pc + (int64_t)ins->count;
    if (target < 0 || target > n) {
        hx_error(HXFC_BAD_JUMP, g_upward_xid++);
        return -1;
    }
    return target;
}

/* A stock instruction inside a block, run by POFSwitch's own code on its host-order slot. */
static enum hx_run stock_in_block(struct hx_ctx *c, struct hx_block *b, int *pc)
{
    struct pofdp_packet *dpp = c->dpp;
    struct pof_instruction *slot = &b->stock[*pc];
    uint16_t type = slot->type;
    if (dpp->hx.hook) {
        /* no packet: nothing to look up, output or drop */
        if (type == POFIT_GOTO_TABLE || type == POFIT_GOTO_DIRECT_TABLE) {
            return RUN_END;
        }
        if (type == POFIT_APPLY_ACTIONS) {
            (*pc)++;
            return RUN_RETURN;
        }
    }
    dpp->ins = slot;
    /* two or more left, so instruction_update() moves on instead of ending the packet */
    dpp->ins_todo_num = (uint8_t)(b->n - *pc > 255 ? 255 : (b->n - *pc < 2 ? 2 : b->n - *pc));
    dpp->ins_done_num = (uint8_t)(*pc > 255 ? 255 : *pc);
    if (pofdp_execute_one(dpp, c->lr) != POF_OK) {
        return RUN_ERROR;
    }
    if (type == POFIT_GOTO_TABLE || type == POFIT_GOTO_DIRECT_TABLE) {
        return dpp->packet_done ? RUN_END : RUN_TAIL;
    }
    if (dpp->packet_done) {
        return RUN_END;
    }
    if (type == POFIT_CONDITIONAL_JMP) {
        *pc = (int)(dpp->ins - b->stock);
    } else {
        (*pc)++;
    }
    return RUN_RETURN;
}

/* Runs block b from pc with the context's current entry. RUN_RETURN: back to the caller's next. */
static enum hx_run run_block(struct hx_ctx *c, struct hx_block *b, int pc)
{
    struct pofdp_packet *dpp = c->dpp;
    enum hx_run r;
    int64_t next;
    while (pc < b->n) {
        const struct hx_ins *ins = &b->ins[pc];
        if (!step_budget(dpp)) {
            return RUN_ERROR;
        }
        switch (ins->type) {
        case HXIT_ALU:
            if ((r = alu(c, ins)) != RUN_RETURN) return r;
            pc++;
            break;
        case HXIT_BRANCH:
            if ((next = branch(c, ins, pc, b->n)) < 0) return RUN_ERROR;
            pc = (int)next;
            break;
        case HXIT_LOOKUP:
            if (dpp->hx.hook) return RUN_END;
            if ((r = lookup(c, ins)) != RUN_RETURN) return r;
            pc++;
            break;
        case HXIT_RETURN:
            return RUN_RETURN;
        default:
            if ((r = stock_in_block(c, b, &pc)) != RUN_RETURN) return r;
            break;
        }
    }
    return RUN_RETURN;
}

/* After an entry's instruction completed: the entry's next one, or the end of the packet. */
static void entry_next(struct pofdp_packet *dpp)
{
    if (dpp->ins_todo_num <= 1) {
        dpp->packet_done = TRUE;
        return;
    }
    dpp->ins++;
    dpp->ins_todo_num--;
    dpp->ins_done_num++;
}

static enum hx_run call_block(struct hx_ctx *c, const uint8_t *d)
{
    struct pofdp_packet *dpp = c->dpp;
    struct entryInfo *e = dpp->flow_entry;
    uint16_t id = be16(d);
    uint32_t idle_ms = be32(d + 4);
    struct hx_block *b = id < HX_MAX_BLOCKS ? blocks[id] : NULL;
    uint8_t i, seen = 0;
    if (!b) {
        hx_error(HXFC_BAD_BLOCK_ID, g_upward_xid++);
        return RUN_ERROR;
    }
    c->cur = e;
    c->params = d + 8;
    c->param_words = be16(d + 2) / 8;
    c->in_block = 1;
    c->prev_hit = e->hx.last_hit_ns;
    c->reactivated = 0;
    e->hx.last_hit_ns = dpp->hx.time_ns;
    if (e->hx.aged) {
        /* back from aging (section 8.1): the controller never saw it go idle, so no status */
        c->reactivated = HX_REACTIVATED_FROM_AGED;
        e->hx.aged = 0;
        e->hx.active = 1;
    } else if (!e->hx.active) {
        c->reactivated = HX_REACTIVATED_FROM_IDLE;
        e->hx.active = 1;
        entry_status(e, 1, dpp->hx.time_ns);
    }
    if (idle_ms > 0 && dpp->hx.time_ns + idle_ms * 1000000ULL < idle_bound) {
        idle_bound = dpp->hx.time_ns + idle_ms * 1000000ULL;
    }
    for (i = 0; i < dpp->hx.path_n; i++) {
        seen |= dpp->hx.path[i] == e;
    }
    if (!seen && dpp->hx.path_n < HX_PATH_LIMIT) {
        dpp->hx.path[dpp->hx.path_n++] = e;
    }
    return run_block(c, b, 0);
}

uint32_t hx_entry_instruction(struct pofdp_packet *dpp, struct pof_local_resource *lr)
{
    struct hx_ctx c = {dpp, lr, dpp->flow_entry, NULL, 0, 0, 0, 0};
    struct hx_ins ins;
    const uint8_t *d = dpp->ins->instruction_data;
    /* a block's stock instructions move dpp->ins: the entry's place, for the return */
    struct pof_instruction *at = dpp->ins;
    uint8_t todo = dpp->ins_todo_num, done = dpp->ins_done_num;
    enum hx_run r;
    int64_t next, pc = dpp->ins_done_num, n = dpp->ins_done_num + dpp->ins_todo_num;
    if (c.cur) {
        c.prev_hit = c.cur->hx.last_hit_ns;
    }
    if (decode_hx(dpp->ins->type, d, &ins) >= 0) {
        /* FLOW_MOD checked it; only a corrupted slot gets here */
        hx_error(HXFC_BAD_INSTRUCTION, g_upward_xid++);
        dpp->packet_done = TRUE;
        return POF_ERROR;
    }
    switch (ins.type) {
    case HXIT_CALL_BLOCK: r = c.cur ? call_block(&c, d) : RUN_ERROR; break;
    case HXIT_ALU: r = alu(&c, &ins); break;
    case HXIT_LOOKUP: r = lookup(&c, &ins); break;
    case HXIT_RETURN: r = RUN_END; break;
    case HXIT_BRANCH:
        if ((next = branch(&c, &ins, pc, n)) < 0) {
            r = RUN_ERROR;
        } else if (next == n) {
            r = RUN_END;
        } else {
            dpp->ins += next - pc;
            dpp->ins_done_num = (uint8_t)next;
            dpp->ins_todo_num = (uint8_t)(n - next);
            return POF_OK;
        }
        break;
    default: r = RUN_ERROR; break;
    }
    switch (r) {
    case RUN_RETURN:
        dpp->ins = at;
        dpp->ins_todo_num = todo;
        dpp->ins_done_num = done;
        entry_next(dpp);
        return POF_OK;
    case RUN_TAIL: return POF_OK;
    case RUN_END: dpp->packet_done = TRUE; return POF_OK;
    default: dpp->packet_done = TRUE; return POF_ERROR;
    }
}

/* ------------------------------------------------------------------ idle entries (section 8) */

static void run_hook(struct entryInfo *e, uint64_t time)
{
    static struct pofdp_packet hook;
    static uint8_t meta[POFDP_METADATA_MAX_LEN];
    const uint8_t *d = entry_call(e);
    struct hx_block *b = d ? blocks[be16(d) < HX_MAX_BLOCKS ? be16(d) : 0] : NULL;
    struct hx_ctx c;
    if (!d || !b || be16(d) >= HX_MAX_BLOCKS || b->idle_pc == HX_NONE16) {
        return;
    }
    memset(&hook, 0, sizeof hook);
    memset(meta, 0, sizeof meta);
    hook.dp = &g_dp;
    hook.packetBuf = hook.buf + POFDP_PACKET_PREBUF_LEN;
    hook.buf_offset = hook.packetBuf;
    hook.metadata = (struct pofdp_metadata *)meta;
    hook.metadata_len = sizeof meta;
    hook.hx.hook = 1;
    hook.hx.time_ns = time;
    c.dpp = &hook;
    c.lr = local_resource();
    c.cur = e;
    c.params = d + 8;
    c.param_words = be16(d + 2) / 8;
    c.in_block = 1;
    c.reactivated = 0;
    c.prev_hit = e->hx.last_hit_ns;
    run_block(&c, b, b->idle_pc);
}

/* When an active or aged entry with an idle timeout goes idle, or UINT64_MAX. */
static uint64_t idle_expiry(const struct entryInfo *e)
{
    const uint8_t *d = entry_call(e);
    uint32_t idle_ms = d ? be32(d + 4) : 0;
    if (!(e->hx.active || e->hx.aged) || idle_ms == 0) {
        return UINT64_MAX;
    }
    return e->hx.last_hit_ns + idle_ms * 1000000ULL;
}

/* last_hit + AGE_NS, saturating: a sum beyond 2^64-1 never expires (section 8.1). */
static uint64_t age_expiry(const struct entryInfo *e)
{
    uint64_t at = e->hx.last_hit_ns + e->hx.age_ns;
    return at < e->hx.last_hit_ns ? UINT64_MAX : at;
}

/* When an entry next changes activity: an active one ages out at last_hit + AGE_NS or goes idle
 * at last_hit + idle_timeout, whichever is first; an aged one goes idle. */
static uint64_t expiry(const struct entryInfo *e)
{
    uint64_t idle = idle_expiry(e), age;
    if (!e->hx.active || e->hx.age_ns == 0) {
        return idle;
    }
    age = age_expiry(e);
    return age < idle ? age : idle;
}

/* The program set an entry's aging gap: its aging deadline may be the next expiry. */
static void note_aging(const struct entryInfo *e)
{
    uint64_t at;
    if (e->hx.active && e->hx.age_ns != 0 && (at = age_expiry(e)) < idle_bound) {
        idle_bound = at;
    }
}

/* An active or aged entry becomes inactive; only an active one runs its hook (an aged one
 * already left its parent's sums). */
static void deactivate(struct entryInfo *e, uint64_t time)
{
    e->hx.aged = 0;
    if (!e->hx.active) {
        return;
    }
    run_hook(e, time);
    e->hx.active = 0;
}

static int by_expiry(const void *x, const void *y)
{
    const struct entryInfo *a = *(struct entryInfo *const *)x, *b = *(struct entryInfo *const *)y;
    uint64_t ea = expiry(a), eb = expiry(b);
    if (ea != eb) return ea < eb ? -1 : 1;
    if (a->hx.table_gid != b->hx.table_gid) return a->hx.table_gid < b->hx.table_gid ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* Runs every aging and idle expiry due by now, in time order: an active entry past AGE_NS runs its
 * hook and becomes aged (nothing sent), one past its idle timeout becomes inactive (hook if it was
 * still active) and HX_ENTRY_STATUS IDLE goes up. */
static void expire_idle(uint64_t now)
{
    struct pof_local_resource *lr = local_resource();
    struct tableInfo *t, *tn;
    struct entryInfo *e, *en, **due = NULL;
    size_t n = 0, cap = 0, i;
    uint64_t next = UINT64_MAX, x;
    if (now < idle_bound || !lr) {
        return;
    }
    HMAP_NODES_IN_STRUCT_TRAVERSE(t, tn, idNode, lr->tableIdMap) {
        HMAP_NODES_IN_STRUCT_TRAVERSE(e, en, node, t->entryMap) {
            x = expiry(e);
            if (x == UINT64_MAX) continue;
            if (x > now) {
                if (x < next) next = x;
                continue;
            }
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                due = realloc(due, cap * sizeof *due);
                if (!due) return;
            }
            due[n++] = e;
        }
    }
    qsort(due, n, sizeof *due, by_expiry);
    for (i = 0; i < n; i++) {
        uint64_t idle = idle_expiry(due[i]);
        x = expiry(due[i]);
        if (x < idle) {
            deactivate(due[i], x);
            due[i]->hx.aged = 1;
            if (idle > now) {
                if (idle < next) next = idle;
                continue;
            }
            x = idle;
        }
        deactivate(due[i], x);
        entry_status(due[i], 0, x);
    }
    free(due);
    idle_bound = next;
}

void hx_entry_leaving(struct entryInfo *e)
{
    if (e) {
        deactivate(e, last_time_ns);
    }
}

void hx_packet_begin(struct pofdp_packet *dpp, struct pof_local_resource *lr)
{
    (void)lr;
    /* the synthetic GOTO_TABLE(0) that starts every packet is not counted (as the reference) */
    dpp->hx.executed = UINT32_MAX;
    dpp->hx.time_ns = hx_now();
    if (dpp->hx.time_ns > last_time_ns) {
        last_time_ns = dpp->hx.time_ns;
    }
    expire_idle(dpp->hx.time_ns);
}

/* Section 3.5: the packet's bytes as received go to passed or dropped of every entry on its path. */
void hx_packet_end(struct pofdp_packet *dpp)
{
    uint8_t i;
    for (i = 0; i < dpp->hx.path_n; i++) {
        struct entryInfo *e = dpp->hx.path[i];
        if (dpp->hx.outputs > 0) {
            e->hx.passed_packets++;
            e->hx.passed_bytes += dpp->ori_len;
        } else {
            e->hx.dropped_packets++;
            e->hx.dropped_bytes += dpp->ori_len;
        }
    }
}

/* ------------------------------------------------------------------ the ports' sockets */

/* Stock POFSwitch leaves its receive socket at the default buffer (net.core.rmem_default, about
 * 210 kB: 60 to 90 full frames, 6 to 11 ms at 100 Mb/s) and receives there every frame it sends
 * itself. When its thread waits longer than that for a core, the kernel drops the frames that
 * arrive, before the program decides anything: drops the allocation did not decide, from which
 * TCP backs off and UDP does not (docs/pofswitch.md, "CPU per frame and the receive path"). The
 * reference switch's raw ports (RawSocket) use 4 MB and PACKET_IGNORE_OUTGOING; so does this. */
#define HX_RECEIVE_BUFFER (4 << 20)

void hx_tune_receive_socket(int fd)
{
    int on = 1, size = HX_RECEIVE_BUFFER;
    (void)on;
#ifdef PACKET_IGNORE_OUTGOING
    if (setsockopt(fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &on, sizeof on) != 0) {
        /* kernels before 4.20: the receive task still skips PACKET_OUTGOING frames itself */
        fprintf(stderr, "pofswitch-hx: PACKET_IGNORE_OUTGOING not set on a port socket: %m\n");
    }
#endif
    if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof size) != 0
            && setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size) != 0) {
        fprintf(stderr, "pofswitch-hx: receive buffer of a port socket left at the default: %m\n");
    }
}

/* ------------------------------------------------------------------ control messages */

void hx_wipe(void)
{
    int i;
    for (i = 0; i < HX_MAX_BLOCKS; i++) {
        if (blocks[i]) { free(blocks[i]->ins); free(blocks[i]->stock); free(blocks[i]); blocks[i] = NULL; }
        if (staged[i]) { free(staged[i]->ins); free(staged[i]->stock); free(staged[i]); staged[i] = NULL; }
    }
    memset(registers, 0, sizeof registers);
    memset(joins, 0, sizeof joins);
    joins_used = 0;
    joins_suppressed = 0;
    rng_seed = hx_seed();
    rng_state = rng_seed;
    idle_bound = UINT64_MAX;
}

static void free_block(struct hx_block *b)
{
    if (b) {
        free(b->ins);
        free(b->stock);
        free(b);
    }
}

static void features_reply(uint32_t xid)
{
    uint8_t *b = out_buf + HX_HEADER;
    memset(b, 0, 48);
    put32(b, 0x48534442);
    put16(b + 4, HX_EXT_VERSION);
    put16(b + 6, HX_STATE_WORDS);
    put16(b + 8, HX_MAX_BLOCKS);
    put16(b + 10, HX_MAX_BLOCK_INS);
    put16(b + 12, HX_MAX_PARAM_BYTES);
    put32(b + 16, HX_REGISTER_WORDS);
    put32(b + 20, HX_MAX_PENDING_JOINS);
    put32(b + 24, HX_INSTRUCTION_BUDGET);
    put64(b + 32, rng_seed);
    put64(b + 40, last_time_ns);
    send_up(HXT_FEATURES_REPLY, xid, 48);
}

static int block_in_use(uint16_t id)
{
    struct pof_local_resource *lr = local_resource();
    struct tableInfo *t, *tn;
    struct entryInfo *e, *en;
    const uint8_t *d;
    if (!lr) return 0;
    HMAP_NODES_IN_STRUCT_TRAVERSE(t, tn, idNode, lr->tableIdMap) {
        HMAP_NODES_IN_STRUCT_TRAVERSE(e, en, node, t->entryMap) {
            if ((d = entry_call(e)) && be16(d) == id) return 1;
        }
    }
    return 0;
}

static const uint16_t block_stock_types[] = {1, 2, 4, 6, 7, 8, 9, 10, 11};

/* Appends one compact instruction to a staged block; -1 or an HXFC code. */
static int stage_instruction(struct hx_block *s, uint16_t type, uint16_t len, const uint8_t *body)
{
    struct hx_ins *ins;
    struct pof_instruction *slot;
    size_t k;
    int code, allowed = 0;
    if (s->n >= HX_MAX_BLOCK_INS) {
        return HXFC_BLOCK_TOO_LONG;
    }
    ins = &s->ins[s->n];
    slot = &s->stock[s->n];
    memset(slot, 0, sizeof *slot);
    if (HX_IS_INSTRUCTION(type)) {
        uint8_t data[POF_MAX_INSTRUCTION_LENGTH] = {0};
        if (type == HXIT_CALL_BLOCK) {
            return HXFC_NESTED_CALL;
        }
        memcpy(data, body, len - 8u);
        if ((code = decode_hx(type, data, ins)) >= 0) {
            return code;
        }
        s->n++;
        return -1;
    }
    for (k = 0; k < sizeof block_stock_types / sizeof *block_stock_types; k++) {
        allowed |= block_stock_types[k] == type;
    }
    if (!allowed) {
        return HXFC_BAD_INSTRUCTION;
    }
    memset(ins, 0, sizeof *ins);
    ins->type = type;
    put16((uint8_t *)&slot->type, type);
    put16((uint8_t *)&slot->len, len);
    memcpy(slot->instruction_data, body, len - 8u);
    pof_NtoH_transfer_instruction(slot);
    s->n++;
    return -1;
}

static int validate_block(const struct hx_block *s)
{
    int pc;
    if (s->idle_pc != HX_NONE16 && s->idle_pc >= s->n) {
        return HXFC_BAD_JUMP;
    }
    for (pc = 0; pc < s->n; pc++) {
        const struct hx_ins *b = &s->ins[pc];
        if (b->type == HXIT_BRANCH) {
            int64_t target = b->backward ? pc - (int64_t)b->count : pc + (int64_t)b->count;
            if (target < 0 || target > s->n) {
                return HXFC_BAD_JUMP;
            }
        }
    }
    return -1;
}

static int block_mod(const uint8_t *body, uint16_t len)
{
    uint8_t cmd, flags;
    uint16_t id, count, idle_pc, i, at = 8;
    struct hx_block *s;
    int code;
    if (len < 8) return HXFC_BAD_LEN;
    cmd = body[0];
    flags = body[1];
    id = be16(body + 2);
    count = be16(body + 4);
    idle_pc = be16(body + 6);
    if (id >= HX_MAX_BLOCKS) return HXFC_BAD_BLOCK_ID;
    if (cmd == 2) {
        if (!blocks[id]) return HXFC_BAD_BLOCK_ID;
        if (block_in_use(id)) return HXFC_BLOCK_IN_USE;
        free_block(blocks[id]);
        blocks[id] = NULL;
        return -1;
    }
    if (cmd == 0) {
        free_block(staged[id]);
        staged[id] = calloc(1, sizeof *s);
        if (!staged[id]) return HXFC_UNKNOWN;
        staged[id]->ins = calloc(HX_MAX_BLOCK_INS, sizeof *staged[id]->ins);
        staged[id]->stock = calloc(HX_MAX_BLOCK_INS, sizeof *staged[id]->stock);
        staged[id]->idle_pc = idle_pc;
        if (!staged[id]->ins || !staged[id]->stock) return HXFC_UNKNOWN;
    } else if (cmd == 1) {
        if (!staged[id]) return HXFC_NOT_STAGED;
    } else {
        return HXFC_BAD_COMMAND;
    }
    s = staged[id];
    code = -1;
    for (i = 0; i < count && code < 0; i++) {
        uint16_t type, ilen;
        if (at + 8 > len) { code = HXFC_BAD_LEN; break; }
        type = be16(body + at);
        ilen = be16(body + at + 2);
        if (ilen < 8 || ilen > 304 || ilen % 8 != 0) { code = HXFC_BAD_INSTRUCTION; break; }
        if (at + ilen > len) { code = HXFC_BAD_LEN; break; }
        code = stage_instruction(s, type, ilen, body + at + 8);
        at += ilen;
    }
    if (code < 0 && at != len) code = HXFC_BAD_LEN;
    if (code < 0 && (flags & 1)) {
        code = validate_block(s);
        if (code < 0) {
            free_block(blocks[id]);
            blocks[id] = s;   /* swapped under the lock: a packet sees the old or the new block */
            staged[id] = NULL;
            return -1;
        }
    }
    if (code >= 0) {
        free_block(staged[id]);
        staged[id] = NULL;
    }
    return code;
}

static int register_mod(const uint8_t *body, uint16_t len)
{
    uint16_t count, i;
    uint32_t first;
    if (len < 8) return HXFC_BAD_LEN;
    count = be16(body + 2);
    first = be32(body + 4);
    if (body[0] > 1) return HXFC_BAD_COMMAND;
    if (body[0] == 0 && len != 8 + 8u * count) return HXFC_BAD_LEN;
    if (body[0] == 1 && len != 8) return HXFC_BAD_LEN;
    if ((uint64_t)first + count > HX_REGISTER_WORDS) return HXFC_BAD_REGISTER;
    for (i = 0; i < count; i++) {
        registers[first + i] = body[0] == 0 ? be64(body + 8 + 8 * i) : 0;
    }
    return -1;
}

static int by_index(const void *x, const void *y)
{
    uint32_t a = (*(struct entryInfo *const *)x)->index, b = (*(struct entryInfo *const *)y)->index;
    return a < b ? -1 : a > b;
}

static int read_request(const uint8_t *body, uint16_t len, uint32_t xid)
{
    uint8_t what, gid, *r = out_buf + HX_HEADER;
    uint32_t first, count, i, per, at, n = 0, k;
    struct tableInfo *t;
    struct entryInfo *e, *en, **list;
    struct pof_local_resource *lr = local_resource();
    if (len != 16) return HXFC_BAD_LEN;
    what = body[0];
    gid = body[1];
    first = be32(body + 4);
    count = be32(body + 8);
    expire_idle(hx_now());
    if (what == 1) {
        if ((uint64_t)first + count > HX_REGISTER_WORDS) return HXFC_BAD_REGISTER;
        at = 0;
        do {
            per = count - at > 255 ? 255 : count - at;
            memset(r, 0, 8);
            r[0] = 1;
            r[2] = at + per < count;
            r[3] = (uint8_t)per;
            put32(r + 4, first + at);
            for (i = 0; i < per; i++) put64(r + 8 + 8 * i, registers[first + at + i]);
            send_up(HXT_READ_REPLY, xid, (uint16_t)(8 + 8 * per));
            at += per;
        } while (at < count);
        return -1;
    }
    if (what != 0) return HXFC_BAD_COMMAND;
    if (!lr || !(t = poflr_get_table_with_ID(gid, lr))) return HXFC_BAD_TABLE_ID;
    list = malloc((t->entryNum + 1) * sizeof *list);
    if (!list) return HXFC_UNKNOWN;
    HMAP_NODES_IN_STRUCT_TRAVERSE(e, en, node, t->entryMap) {
        if (e->index >= first && (count == 0xFFFFFFFFu || (uint64_t)e->index < (uint64_t)first + count) && n <= t->entryNum) {
            list[n++] = e;
        }
    }
    qsort(list, n, sizeof *list, by_index);
    per = (POF_MESSAGE_SIZE - 16) / (48 + 8 * HX_STATE_WORDS);
    at = 0;
    do {
        uint32_t m = n - at > per ? per : n - at;
        uint8_t *p = r + 8;
        memset(r, 0, 8);
        r[0] = 0;
        r[1] = gid;
        r[2] = at + per < n;
        r[3] = (uint8_t)m;
        for (i = 0; i < m; i++, p += 48 + 8 * HX_STATE_WORDS) {
            const struct entryInfo *x = list[at + i];
            const uint8_t *d = entry_call(x);
            memset(p, 0, 48);
            put32(p, x->index);
            p[4] = (uint8_t)((x->hx.active ? 1 : 0) | (d ? 2 : 0));
            p[5] = HX_STATE_WORDS;
            put16(p + 6, d ? be16(d) : HX_NONE16);
            put64(p + 8, x->hx.passed_packets);
            put64(p + 16, x->hx.passed_bytes);
            put64(p + 24, x->hx.dropped_packets);
            put64(p + 32, x->hx.dropped_bytes);
            put64(p + 40, x->hx.last_hit_ns);
            for (k = 0; k < HX_STATE_WORDS; k++) put64(p + 48 + 8 * k, x->hx.state[k]);
        }
        send_up(HXT_READ_REPLY, xid, (uint16_t)(p - r));
        at += m;
    } while (at < n);
    free(list);
    return -1;
}

uint32_t hx_control_message(uint8_t *msg, uint16_t len)
{
    uint8_t type = msg[1];
    uint32_t xid = g_recv_xid;
    const uint8_t *body = msg + HX_HEADER;
    uint16_t body_len = (uint16_t)(len - HX_HEADER);
    int code;
    switch (type) {
    case HXT_FEATURES_REQUEST:
        if (body_len != 0) return hx_error(HXFC_BAD_LEN, xid);
        features_reply(xid);
        return POF_OK;
    case HXT_BLOCK_MOD: code = block_mod(body, body_len); break;
    case HXT_REGISTER_MOD: code = register_mod(body, body_len); break;
    case HXT_READ_REQUEST: code = read_request(body, body_len, xid); break;
    default:
        /* switch-to-controller types sent by a controller */
        pofec_reply_error(POFET_BAD_REQUEST, POFBRC_BAD_TYPE, "POFBRC_BAD_TYPE", xid);
        return POF_ERROR;
    }
    return code >= 0 ? hx_error(code, xid) : POF_OK;
}

uint32_t hx_flow_mod_check(const struct pof_flow_entry *f)
{
    struct hx_ins ins;
    int i, code;
    for (i = 0; i < f->instruction_num && i < POF_MAX_INSTRUCTION_NUM; i++) {
        const struct pof_instruction *p = &f->instruction[i];
        if (!HX_IS_INSTRUCTION(p->type)) {
            continue;
        }
        if ((code = decode_hx(p->type, p->instruction_data, &ins)) >= 0) {
            return hx_error(code, g_recv_xid);
        }
        if (p->type == HXIT_CALL_BLOCK) {
            uint16_t id = be16(p->instruction_data);
            if (id >= HX_MAX_BLOCKS || !blocks[id]) {
                return hx_error(HXFC_BAD_BLOCK_ID, g_recv_xid);
            }
        }
    }
    return POF_OK;
}
