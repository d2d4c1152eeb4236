// Non-variadic wrappers around libedit for Swift.
//
// el_set, el_get and history are C-variadic, which Swift cannot call, and Swift 6 rejects the C
// stdin/stdout/stderr globals; these static inline functions give Swift typed entry points.
#ifndef STRATA_CEDITLINE_SHIM_H
#define STRATA_CEDITLINE_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static inline int strata_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *strata_el_client_data(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
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
