#ifndef LOADERLAB_CPROCESS_SHIM_H
#define LOADERLAB_CPROCESS_SHIM_H
// What the preview process and its supervisor need of Linux that Swift cannot call directly:
// glibc declares these as variadic functions or only under _GNU_SOURCE. Only the syscall
// numbers' header is included (macros, no types), so this module declares nothing that the
// C library's own module declares differently.
#include <sys/syscall.h>

extern int memfd_create(const char *name, unsigned int flags);
extern int prctl(int option, ...);
extern long syscall(long number, ...);

// libdispatch's main queue as a descriptor to poll, and the call that drains it (what a run
// loop of one's own uses: the preview process serves the main queue in its poll loop).
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

/// An anonymous file in memory that two processes can map (close-on-exec: MFD_CLOEXEC), or -1.
static inline int loaderlab_memfd(const char *name) {
    return memfd_create(name, 1U);
}

/// The calling process gets `sig` when its parent dies (PR_SET_PDEATHSIG); 0, or -1 with errno.
static inline int loaderlab_parent_death_signal(int sig) {
    return prctl(1, (unsigned long)sig);
}

/// Sends `sig` to thread `tid` of process `pid` (the main thread's id is the process's);
/// 0, or -1 with errno.
static inline int loaderlab_thread_kill(int pid, int tid, int sig) {
    return (int)syscall(SYS_tgkill, pid, tid, sig);
}

// Return addresses of the calling thread (glibc's execinfo, which unwinds through the C
// library's own frames by their unwind tables, as `exit`'s handlers need).
extern int backtrace(void **buffer, int size);

// dladdr's answer, laid out as glibc's Dl_info (declared here: glibc shows it only to
// _GNU_SOURCE).
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} loaderlab_dl_info;
extern int dladdr(const void *address, loaderlab_dl_info *info);

/// The file of the loaded image holding `address`, and where it is loaded; 1, or 0 if none.
static inline int loaderlab_image_of(const void *address, const char **path, void **base) {
    loaderlab_dl_info info;
    if (!dladdr(address, &info) || !info.dli_fname) return 0;
    *path = info.dli_fname;
    *base = info.dli_fbase;
    return 1;
}

// An abort (a failed `as!` cast, a runtime check in the C library) ends in `abort()`, whose
// frames the Swift backtracer cannot always unwind past (it stops inside the C library). The
// preview process therefore also records, on SIGABRT, the return addresses of the preview
// library's own frames, as it does for `exit` (ExitSite), before the backtracer runs. Only
// calls fit for a signal handler are made: `backtrace` (warmed up beforehand, so it does not
// load its unwinder then), `dladdr` and `write`.
extern long loaderlab_write(int fd, const void *buffer, unsigned long count) __asm__("write");

/// What the SIGABRT handler needs, set before it is installed: the library's path (as loaded,
/// and escaped for the report), the markers around the report (ExitSiteFormat), and the
/// handler it chains to. The strings must live as long as the process. (Kept in a function's
/// static storage: a header's own statics are not emitted for Swift.)
struct loaderlab_abort_state {
    const char *library;
    const char *escaped;
    const char *begin;
    const char *end;
    void (*previous)(int, void *, void *);
};

static inline struct loaderlab_abort_state *loaderlab_abort(void) {
    static struct loaderlab_abort_state state;
    return &state;
}

static inline void loaderlab_abort_setup(
    const char *library, const char *escaped, const char *begin, const char *end,
    void (*previous)(int, void *, void *)) {
    struct loaderlab_abort_state *s = loaderlab_abort();
    s->library = library;
    s->escaped = escaped;
    s->begin = begin;
    s->end = end;
    s->previous = previous;
    void *warm[4];
    backtrace(warm, 4);
}

static inline unsigned long loaderlab_length(const char *s) {
    unsigned long n = 0;
    while (s[n]) n++;
    return n;
}

static inline void loaderlab_put(const char *s) {
    loaderlab_write(2, s, loaderlab_length(s));
}

/// The SIGABRT handler: the report (begin marker and library path, one hexadecimal offset into
/// the library a line, innermost first, at most 8, end marker), then the previous handler.
static inline void loaderlab_abort_handler(int sig, void *info, void *context) {
    struct loaderlab_abort_state *s = loaderlab_abort();
    if (s->library) {
        void *addresses[128];
        int count = backtrace(addresses, 128);
        loaderlab_put(s->begin);
        loaderlab_put(" ");
        loaderlab_put(s->escaped);
        loaderlab_put("\n");
        int written = 0;
        for (int i = 0; i < count && written < 8; i++) {
            const char *path;
            void *base;
            if (!loaderlab_image_of(addresses[i], &path, &base)) continue;
            const char *a = path, *b = s->library;
            while (*a && *a == *b) { a++; b++; }
            if (*a || *b) continue;
            unsigned long offset = (unsigned long)addresses[i] - (unsigned long)base - 1;
            char line[24];
            int n = 0;
            char digits[17];
            int d = 0;
            do { digits[d++] = "0123456789abcdef"[offset & 15]; offset >>= 4; } while (offset && d < 16);
            line[n++] = '0';
            line[n++] = 'x';
            while (d) line[n++] = digits[--d];
            line[n++] = '\n';
            loaderlab_write(2, line, (unsigned long)n);
            written++;
        }
        loaderlab_put(s->end);
        loaderlab_put("\n");
    }
    if (s->previous) s->previous(sig, info, context);
}
#endif
