/* A shared module without the mbc plugin entry point (test_plugin). */
int mbc_test_not_a_plugin(void);
int mbc_test_not_a_plugin(void)
{
    return 42;
}
