/* Runs one case's main natively and prints the '# expect:' lines for the registers and flags the case
 * names ("# check:" and "# flags:" lines in its .s file), or "error=SIGFPE" when the CPU raises #DE. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

unsigned long regs[17]; /* rax rcx rdx rbx rsp rbp rsi rdi r8..r15, rflags */
void run_case(void);
static const char *names[] = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
                              "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};

int main(int argc, char **argv) {
    /* argv[1]: registers to print, space separated; argv[2]: flags (CF ZF SF OF PF) */
    pid_t pid = fork();
    if (pid == 0) {
        run_case();
        char *save, *list = strdup(argv[1]);
        for (char *r = strtok_r(list, " ", &save); r; r = strtok_r(NULL, " ", &save))
            for (int i = 0; i < 16; i++)
                if (!strcmp(r, names[i])) printf("# expect: %s=0x%lx\n", r, regs[i]);
        list = strdup(argc > 2 ? argv[2] : "");
        unsigned long f = regs[16];
        for (char *r = strtok_r(list, " ", &save); r; r = strtok_r(NULL, " ", &save)) {
            int bit = !strcmp(r, "CF") ? 0 : !strcmp(r, "PF") ? 2 : !strcmp(r, "ZF") ? 6 : !strcmp(r, "SF") ? 7 : 11;
            printf("# expect: flag %s=%lu\n", r, (f >> bit) & 1);
        }
        fflush(stdout);
        _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGFPE) printf("# expect: error=SIGFPE\n");
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;
    return 0;
}
