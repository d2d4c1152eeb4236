// Non-variadic wrappers around libedit for Swift.
//
// el_set, el_get and history are C-variadic, which Swift cannot call, and Swift 6 rejects the C
// stdin/stdout/stderr globals; these static inline functions give Swift typed entry points.
#ifndef STRATA_CEDITLINE_SHIM_H
#define STRATA_CEDITLINE_SHIM_H

#include <errno.h>
#include <histedit.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

/// What the shell hangs on an EditLine: its Swift owner (for completion) and the read end of
/// the pipe the SIGINT handler writes to. Kept in libedit's client data, not in a static, because
/// every Swift file that imports this header gets its own copy of a static.
typedef struct {
    void *owner;
    int wake_fd;
} strata_client;

/// Allocates the client data; free it with free() after el_end.
static inline strata_client *strata_client_new(void *owner, int wake_fd) {
    strata_client *client = (strata_client *)malloc(sizeof(strata_client));
    if (client != NULL) {
        client->owner = owner;
        client->wake_fd = wake_fd;
    }
    return client;
}

static inline strata_client *strata_el_client(EditLine *el) {
    strata_client *client = NULL;
    if (el_get(el, EL_CLIENTDATA, &client) != 0) {
        return NULL;
    }
    return client;
}

/// Empties the wake-up pipe.
static inline void strata_drain(int fd) {
    char bytes[64];
    if (fd < 0) {
        return;
    }
    while (read(fd, bytes, sizeof bytes) > 0) {
    }
}

/// libedit's character reader, replaced: it waits on the terminal and on the wake-up pipe, and
/// a Ctrl-C makes it fail, so el_gets returns NULL and the shell throws the line away (libedit's
/// own reader retries an interrupted read, and the signal may not even interrupt it).
static inline int strata_read_char(EditLine *el, wchar_t *wc) {
    static mbstate_t state;
    strata_client *client = strata_el_client(el);
    int wake_fd = client != NULL ? client->wake_fd : -1;
    for (;;) {
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_fd, POLLIN, 0}};
        int ready = poll(fds, wake_fd >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        if (wake_fd >= 0 && (fds[1].revents & POLLIN)) {
            strata_drain(wake_fd);
            memset(&state, 0, sizeof state);
            errno = EINTR;
            return -1;
        }
        char byte;
        ssize_t count = read(STDIN_FILENO, &byte, 1);
        if (count == 1) {
            size_t decoded = mbrtowc(wc, &byte, 1, &state);
            if (decoded == (size_t)-2) {
                continue; /* the middle of a multibyte character */
            }
            if (decoded == (size_t)-1) {
                memset(&state, 0, sizeof state);
                *wc = 0xFFFD; /* an invalid byte reads as the replacement character */
            }
            return 1;
        }
        if (count == 0) {
            return 0;
        }
        if (errno != EINTR && errno != EAGAIN) {
            return -1;
        }
    }
}

/// Installs ``strata_read_char`` as libedit's reader.
static inline int strata_el_set_read_function(EditLine *el) {
    return el_set(el, EL_GETCFN, strata_read_char);
}

/// The prompt text libedit shows; owned by the shim, replaced by strata_el_set_prompt_text.
static char *strata_el_prompt_text = NULL;

static inline char *strata_el_prompt(EditLine *el) {
    (void)el;
    return strata_el_prompt_text != NULL ? strata_el_prompt_text : (char *)"";
}

/// Opens libedit on the process's standard streams.
static inline EditLine *strata_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

/// Sets the prompt text (copied).
static inline void strata_el_set_prompt_text(const char *text) {
    char *copy = strdup(text);
    if (copy == NULL) {
        return;
    }
    free(strata_el_prompt_text);
    strata_el_prompt_text = copy;
}

static inline int strata_el_use_prompt(EditLine *el) {
    return el_set(el, EL_PROMPT, strata_el_prompt);
}

static inline int strata_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

static inline int strata_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

static inline int strata_el_set_history(EditLine *el, History *hist) {
    return el_set(el, EL_HIST, history, hist);
}

static inline int strata_el_set_client(EditLine *el, strata_client *client) {
    return el_set(el, EL_CLIENTDATA, client);
}

/// The Swift owner stored with ``strata_el_set_client``.
static inline void *strata_el_client_data(EditLine *el) {
    strata_client *client = strata_el_client(el);
    return client != NULL ? client->owner : NULL;
}

static inline int strata_el_add_function(
    EditLine *el, const char *name, const char *help, unsigned char (*function)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, function);
}

static inline int strata_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

/// Writes text to the terminal's output stream (used to list completion candidates).
static inline void strata_el_write(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}

static inline History *strata_history_init(int size) {
    History *hist = history_init();
    if (hist == NULL) {
        return NULL;
    }
    HistEvent event;
    history(hist, &event, H_SETSIZE, size);
    history(hist, &event, H_SETUNIQUE, 1);
    return hist;
}

static inline int strata_history_enter(History *hist, const char *line) {
    HistEvent event;
    return history(hist, &event, H_ENTER, line);
}

static inline int strata_history_load(History *hist, const char *path) {
    HistEvent event;
    return history(hist, &event, H_LOAD, path);
}

static inline int strata_history_save(History *hist, const char *path) {
    HistEvent event;
    return history(hist, &event, H_SAVE, path);
}

static inline int strata_set_ctype_locale(void) {
    return setlocale(LC_CTYPE, "") != NULL;
}

#endif
