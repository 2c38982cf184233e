/*
 * The HSDBA extension of POF 1.4.0 (docs/pof-hsdba-extension.md) inside POFSwitch 1.4.0: the
 * switch-side state (blocks, registers, joins, random stream, per-entry runtime) and the hooks the
 * hx patches call from POFSwitch's control and data paths. Copied into the POFSwitch tree as
 * include/pof_hx.h by scripts/pofswitch.sh (hx flavour); pof_hx.c is the implementation.
 */
#ifndef POF_HX_H
#define POF_HX_H

#include <stdint.h>

/* What HX_FEATURES_REPLY declares (the reference switch's defaults). */
#define HX_EXT_VERSION          1
#define HX_STATE_WORDS          8
#define HX_MAX_BLOCKS           256
#define HX_MAX_BLOCK_INS        256
#define HX_MAX_PARAM_BYTES      280
#define HX_REGISTER_WORDS       65536
#define HX_MAX_PENDING_JOINS    4096
#define HX_INSTRUCTION_BUDGET   4096
#define HX_PATH_LIMIT           16

/* ENTRY intrinsics (section 3.1, 8.1): word 4 is AGE_NS, the only writable one; word 0 reads 1
 * after a packet re-activated an inactive entry, 2 after one re-activated an aged entry. */
#define HX_ENTRY_AGE_NS             4
#define HX_REACTIVATED_FROM_IDLE    1
#define HX_REACTIVATED_FROM_AGED    2

/* Message and instruction types, error type (section 0). */
#define HXT_FEATURES_REQUEST    192
#define HXT_FEATURES_REPLY      193
#define HXT_BLOCK_MOD           194
#define HXT_REGISTER_MOD        195
#define HXT_READ_REQUEST        196
#define HXT_READ_REPLY          197
#define HXT_ENTRY_STATUS        198
#define HXIT_CALL_BLOCK         64
#define HXIT_ALU                65
#define HXIT_BRANCH             66
#define HXIT_LOOKUP             67
#define HXIT_RETURN             68
#define HXET_FAILED             192

#define HX_IS_INSTRUCTION(t)    ((t) >= HXIT_CALL_BLOCK && (t) <= HXIT_RETURN)
#define HX_IS_MESSAGE(t)        ((t) >= HXT_FEATURES_REQUEST && (t) <= HXT_ENTRY_STATUS)

/* Switch-owned runtime of one flow entry (section 8, 3.5, 3.1), kept inside struct entryInfo:
 * zeroed when the entry is added, carried over by MODIFY, freed with the entry. */
struct hx_entry_rt {
    uint8_t  active;
    uint8_t  aged;          /* out of its parent's sums after AGE_NS, idle clock still running (8.1) */
    uint8_t  table_gid;
    uint64_t last_hit_ns;
    uint64_t age_ns;        /* ENTRY word 4, written by the program; 0 = no aging (8.1) */
    uint64_t passed_packets, passed_bytes, dropped_packets, dropped_bytes;
    uint64_t state[HX_STATE_WORDS];
};

/* Per-packet execution state, kept inside struct pofdp_packet (zeroed per packet). */
struct hx_packet {
    uint64_t time_ns;
    uint32_t executed;
    uint32_t outputs;
    uint8_t  hook;
    uint8_t  path_n;
    void    *path[HX_PATH_LIMIT];   /* struct entryInfo * */
};

struct pofdp_packet;
struct pof_local_resource;
struct pof_flow_entry;
struct entryInfo;
struct tableInfo;

/* Serialises the data path and the control messages that change what it reads. */
void hx_lock(void);
void hx_unlock(void);

/* A new controller session (HELLO): blocks, registers, joins and the random stream restart. */
void hx_wipe(void);

/* Control: an HX message (header already in host order, body as received). */
uint32_t hx_control_message(uint8_t *msg, uint16_t len);
/* FLOW_MOD ADD/MODIFY: checks its HX instructions; replies the ERROR itself and returns != POF_OK. */
uint32_t hx_flow_mod_check(const struct pof_flow_entry *f);
/* An entry was added or modified in a table (clears outstanding joins it settles). */
void hx_entry_installed(struct entryInfo *e, const struct tableInfo *t);
/* Before a MODIFY or DELETE: runs the hook of an active entry (not of an aged one) and makes it inactive. */
void hx_entry_leaving(struct entryInfo *e);
/* A table was deleted: its outstanding joins go. */
void hx_table_deleted(uint8_t gid);

/* Data path: around one packet, and for an HX instruction of an entry. */
void hx_packet_begin(struct pofdp_packet *dpp, struct pof_local_resource *lr);
void hx_packet_end(struct pofdp_packet *dpp);
uint32_t hx_budget_step(struct pofdp_packet *dpp);
uint32_t hx_entry_instruction(struct pofdp_packet *dpp, struct pof_local_resource *lr);

/* A port's receive socket, once bound: the same buffering as the reference switch's raw ports
 * (4 MB, frames this host sends not delivered back); reports on stderr what it could not set. */
void hx_tune_receive_socket(int fd);

#endif
